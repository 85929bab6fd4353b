import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { assertSameOrigin } from "~/services/csrf.server";
import { completePasswordReset, isResetTokenUsable } from "~/services/password-reset.server";
import { redirectWithToast } from "~/services/toast.server";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";

export const MIN_PASSWORD_LENGTH = 8;

export const ResetPasswordSchema = z
  .object({
    password: z.string({ error: "Please choose a password" }).min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`),
    confirm: z.string({ error: "Please confirm your password" }),
  })
  .refine((v) => v.password === v.confirm, { message: "The two passwords do not match", path: ["confirm"] });

export const meta: MetaFunction = () => [{ title: "Choose a new password · Signalpost" }];

export async function loader({ params }: LoaderFunctionArgs) {
  return json({ usable: await isResetTokenUsable(params.token ?? "") });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password", "confirm"] }), expired: false }, { status: 400 });
  const done = await completePasswordReset(params.token ?? "", submission.value.password);
  if (!done) return json({ result: submission.reply({ hideFields: ["password", "confirm"] }), expired: true }, { status: 410 });
  return redirectWithToast("/login", { type: "success", title: "Your password has been changed", description: "You can now sign in with your new password." });
}

const INVALID_LINK = "This password reset link is invalid, has expired or was already used.";

export default function ResetPassword() {
  const { usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
  });
  const invalid = !usable || actionData?.expired;
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow">
        <h1 className="mb-4 text-lg font-semibold">Choose a new password</h1>
        {invalid ? (
          <>
            <Banner tone="error" title="An error occurred">{INVALID_LINK}</Banner>
            <Link to="/login?forgot=1" className="mt-4 inline-block text-sm text-brand-600 hover:underline">Ask for a new link</Link>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-1">
            <Field label="New password" errors={fields.password.errors} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} />
            <Field label="Confirm the new password" errors={fields.confirm.errors} inputProps={{ ...getInputProps(fields.confirm, { type: "password" }), autoComplete: "new-password" }} />
            <SubmitButton busy={navigation.state === "submitting"} className="w-full">Save the new password</SubmitButton>
          </Form>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
