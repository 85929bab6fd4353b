import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GoogleSignIn } from "~/components/google-sign-in";
import { serverIntegration } from "~/services/integrations.server";
import { z } from "zod";
import { newPasswordSchema, PASSWORD_MIN } from "~/utils/password-rule";
import { assertSameOrigin } from "~/services/csrf.server";
import { clientAddress } from "~/services/client-address.server";
import { mailLimitMessage } from "~/utils/throttle-messages";
import { getSignedIn } from "~/services/session.server";
import { requestSignup } from "~/services/signup.server";
import { pendingConnection } from "~/services/register-connect.server";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";


export const SignupSchema = z.object({
  companyName: z.string({ error: "Please enter your company name" }).trim().min(1, "Please enter your company name").max(120),
  firstName: z.string().trim().max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
  email: z.email({ error: "Please enter a valid e-mail address" }),
  password: newPasswordSchema(),
});

export const meta: MetaFunction = () => [{ title: "Create your account · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSignedIn(request)) throw redirect("/");
  // Register mode (spec 3 §2.5): a platform connected before the account exists waits for it.
  return json({ pending: await pendingConnection(request), google: serverIntegration("google").configured });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await readForm(request), { schema: SignupSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), sentTo: null }, { status: 400 });
  const v = submission.value;
  const outcome = await requestSignup(
    { companyName: v.companyName, email: v.email, firstName: v.firstName || null, lastName: v.lastName || null, password: v.password },
    clientAddress(context),
  );
  if (outcome === "email-taken") {
    return json(
      { result: submission.reply({ fieldErrors: { email: [`The email ${v.email} already exists on our database. Sign in instead.`] }, hideFields: ["password"] }), sentTo: null },
      { status: 400 },
    );
  }
  if (typeof outcome === "object") {
    const { title, text } = mailLimitMessage(outcome.limited, outcome.retryInMs);
    return json({ result: submission.reply({ fieldErrors: { email: [`${title}. ${text}`] }, hideFields: ["password"] }), sentTo: null }, { status: 429 });
  }
  return json({ result: submission.reply({ resetForm: true }), sentTo: v.email });
}

export default function Signup() {
  const actionData = useActionData<typeof action>();
  const { pending, google } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SignupSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <p className="text-2xl font-bold text-brand-700">Signalpost</p>
          <h1 className="mt-2 text-lg font-medium text-slate-700">Start your 14-day free trial</h1>
        </div>
        <div className="rounded-lg bg-white p-6 shadow">
          {pending ? (
            <div className="mb-4">
              <Banner tone="success" title={`Your ${pending.platformName} account is connected.`}>
                Create your Signalpost account (or <Link to="/login" className="underline">sign in</Link>) to keep it as a source
                {pending.accounts ? ` with its ${pending.accounts} account${pending.accounts > 1 ? "s" : ""}` : ""}.
              </Banner>
            </div>
          ) : null}
          {actionData?.sentTo ? (
            <Banner tone="success" title={`An email has been sent to ${actionData.sentTo}.`}>
              Open the link in it to confirm your address and create your company. It works once, for 24 hours.
            </Banner>
          ) : (
            <>
              <GoogleSignIn configured={google} redirectTo="/getting-started" label="Sign up with Google" />
              <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
                <span className="h-px flex-1 bg-slate-200" />or with your e-mail<span className="h-px flex-1 bg-slate-200" />
              </div>
              <Form method="post" {...getFormProps(form)} className="space-y-1">
                <Field label="Company name" errors={fields.companyName.errors} inputProps={{ ...getInputProps(fields.companyName, { type: "text" }), autoComplete: "organization" }} />
                <div className="grid grid-cols-2 gap-3">
                  <Field label="First name" errors={fields.firstName.errors} inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }} />
                  <Field label="Last name" errors={fields.lastName.errors} inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }} />
                </div>
                <Field label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
                <Field label="Password" errors={fields.password.errors} help={`At least ${PASSWORD_MIN} characters.`} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} />
                <SubmitButton busy={navigation.state === "submitting"} className="w-full">Create my account</SubmitButton>
              </Form>
            </>
          )}
          <p className="mt-4 text-center text-sm text-slate-500">
            Already have an account? <Link to="/login" className="text-brand-600 underline">Sign in</Link>
          </p>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
