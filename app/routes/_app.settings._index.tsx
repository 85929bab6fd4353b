import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { teamRepo } from "~/services/account-repositories.server";
import { redirectWithToast } from "~/services/toast.server";
import { Field, SubmitButton } from "~/components/forms";
import { ApiKeyField } from "~/components/api-key";
import { companiesRepo } from "~/services/repositories.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";

export const CompanySchema = z.object({
  name: z.string({ error: "Please enter the company name" }).trim().min(1, "Please enter the company name").max(120, "Use at most 120 characters"),
});

export const meta = () => [{ title: "Account · Settings · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json({ name: company.name, createdAt: company.createdAt.toISOString(), apiKey: companiesRepo.revealApiKey(company) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: CompanySchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await teamRepo.updateCompanyName(getDb(), company.id, submission.value.name);
  } catch (error) {
    console.error("company save failed", error);
    return redirectWithToast("/settings", { type: "error", title: "Unable to save the company", description: "There is an internal error when you try to save your profile information." });
  }
  return redirectWithToast("/settings", { type: "success", title: "Your company information has been saved", description: "The system has updated your company information." });
}

export default function AccountTab() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "company",
    lastResult,
    defaultValue: { name: data.name },
    constraint: getZodConstraint(CompanySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompanySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="max-w-xl rounded-lg bg-white p-6 shadow">
      <h2 className="mb-4 text-lg font-semibold">Account</h2>
      <Form method="post" {...getFormProps(form)}>
        <Field label="Company Name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
        <SubmitButton busy={navigation.state === "submitting"}>Save</SubmitButton>
      </Form>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="mb-2 text-base font-semibold">API key</h3>
        <ApiKeyField apiKey={data.apiKey} rotateHref="/settings/api-key" />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
