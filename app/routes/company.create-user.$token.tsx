import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { newPasswordSchema, PASSWORD_MIN } from "~/utils/password-rule";
import { assertSameOrigin } from "~/services/csrf.server";
import { activateInvitation, invitationEmail } from "~/services/team.server";
import { redirectWithToast } from "~/services/toast.server";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";

export const ActivateSchema = z.object({
  password: newPasswordSchema(),
});

export const meta: MetaFunction = () => [{ title: "Activate your account · Signalpost" }];

/** Spec 3 §2.3: the invited e-mail read-only, "Choose a password", Activate. */
export async function loader({ params }: LoaderFunctionArgs) {
  const email = await invitationEmail(params.token ?? "");
  return json({ email }, { status: email ? 200 : 410 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await readForm(request), { schema: ActivateSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), failed: false }, { status: 400 });
  const outcome = await activateInvitation(params.token ?? "", submission.value.password);
  if (!outcome.ok) return json({ result: submission.reply({ hideFields: ["password"] }), failed: true }, { status: outcome.reason === "invalid" ? 410 : 409 });
  return redirectWithToast("/login", { type: "success", title: "Your account is active", description: "Sign in with your e-mail and the password you chose." });
}

export default function ActivateAccount() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "activate",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ActivateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ActivateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow">
        <h1 className="mb-4 text-lg font-semibold">Activate your account</h1>
        {actionData?.failed || !email ? (
          <div className="mb-4">
            <Banner tone="error" title="Unable to login">
              There is an error when you try to log in. This invitation is invalid, expired or already used: ask your company for a new one.
            </Banner>
          </div>
        ) : null}
        {email ? (
          <Form method="post" {...getFormProps(form)}>
            <Field label="Email" inputProps={{ id: "email", name: "email", type: "email", value: email, readOnly: true }} />
            <Field label="Choose a password" errors={fields.password.errors} help={`At least ${PASSWORD_MIN} characters.`} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} />
            <SubmitButton busy={navigation.state === "submitting"} className="w-full">Activate</SubmitButton>
          </Form>
        ) : (
          <Link to="/login" className="text-sm text-brand-600 hover:underline">Go to sign in</Link>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
