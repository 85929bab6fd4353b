import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { GoogleSignIn } from "~/components/google-sign-in";
import { serverIntegration } from "~/services/integrations.server";
import { z } from "zod";
import { loginWithPassword } from "~/services/auth.server";
import { clientAddress } from "~/services/client-address.server";
import { assertSameOrigin } from "~/services/csrf.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import { getSignedIn } from "~/services/session.server";
import { startSessionClaimingConnection } from "~/services/register-connect.server";
import { safeRedirectTo } from "~/utils/safe-redirect";
import { describeWait, mailLimitMessage } from "~/utils/throttle-messages";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { useHydrated } from "~/utils/use-hydrated";
import { readForm, submittedIntent } from "~/services/request-input.server";

export const LoginSchema = z.object({
  intent: z.literal("login"),
  email: z.email({ error: "Please enter a valid e-mail address" }),
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password"),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const ForgotPasswordSchema = z.object({
  intent: z.literal("forgot-password"),
  email: z.email({ error: "Please enter a valid e-mail address" }),
});

const Schema = z.discriminatedUnion("intent", [LoginSchema, ForgotPasswordSchema]);

export const meta: MetaFunction = () => [{ title: "Sign in · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await getSignedIn(request);
  if (signedIn) throw redirect(safeRedirectTo(new URL(request.url).searchParams.get("redirectTo")));
  return json({ google: serverIntegration("google").configured });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const ip = clientAddress(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: Schema });
  if (submission.status !== "success") {
    return json({ intent: submittedIntent(formData, ["login", "forgot-password"]) ?? "login", result: submission.reply(), notice: null }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "forgot-password") {
    let reservation;
    try {
      reservation = await requestPasswordReset(value.email, ip);
    } catch (error) {
      return json(
        {
          intent: "forgot-password",
          result: submission.reply(),
          notice: { tone: "error" as const, title: `An error occurred when we try to recover the password for ${value.email}`, text: error instanceof Error ? error.message : "" },
        },
        { status: 500 },
      );
    }
    if (!reservation.ok) {
      return json({ intent: "forgot-password", result: submission.reply(), notice: { tone: "error" as const, ...mailLimitMessage(reservation.scope, reservation.retryInMs) } }, { status: 429 });
    }
    return json({
      intent: "forgot-password",
      result: submission.reply({ resetForm: true }),
      notice: { tone: "success" as const, title: `An email has been sent to ${value.email}.`, text: "You could now login with your new password once you reset it." },
    });
  }
  const outcome = await loginWithPassword({ email: value.email, password: value.password, ip });
  if (!outcome.ok) {
    const wait = outcome.reason === "throttled" ? describeWait(outcome.retryInMs) : "";
    const notice =
      outcome.reason !== "throttled"
        ? { tone: "error" as const, title: "Unable to login", text: "There is an error when you try to log in." }
        : outcome.scope === "pair"
          ? { tone: "error" as const, title: "Too many failed attempts", text: `For your security, sign-in to this account from your network is paused. Try again in ${wait}, or choose a new password with "Forgot your password?" to sign in at once.` }
          : { tone: "error" as const, title: "Too many failed attempts", text: `Too many sign-in attempts failed from your network. Try again in ${wait}.` };
    return json({ intent: "login", result: submission.reply({ hideFields: ["password"] }), notice }, { status: outcome.reason === "throttled" ? 429 : 401 });
  }
  return startSessionClaimingConnection(request, { userId: outcome.user.id, companyId: outcome.user.companyId, remember: Boolean(value.remember), redirectTo: safeRedirectTo(value.redirectTo) });
}

function LoginForm({ redirectTo, actionData }: { redirectTo: string; actionData: ReturnType<typeof useActionData<typeof action>> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.intent === "login" ? actionData.result : undefined,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {actionData?.intent === "login" && actionData.notice ? (
        <Banner tone={actionData.notice.tone} title={actionData.notice.title}>{actionData.notice.text}</Banner>
      ) : null}
      <Field label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }} />
      <Field label="Password" errors={fields.password.errors} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }} />
      <div className="flex items-center justify-between pb-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input {...getInputProps(fields.remember, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300" />
          Remember Me
        </label>
        <Link to={`?${new URLSearchParams({ ...(redirectTo !== "/" ? { redirectTo } : {}), forgot: "1" })}`} className="text-sm text-brand-600 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <SubmitButton busy={busy} className="w-full">Sign in</SubmitButton>
    </Form>
  );
}

function ForgotPasswordDialog({ closeHref, actionData }: { closeHref: string; actionData: ReturnType<typeof useActionData<typeof action>> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "forgot-password";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.intent === "forgot-password" ? actionData.result : undefined,
    constraint: getZodConstraint(ForgotPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onInput",
  });
  // Next stays disabled until the form was changed and is valid (spec 3 §2.2). Without
  // JavaScript nothing can track that, so the button stays enabled and the server validates.
  const hydrated = useHydrated();
  const disabled = hydrated && !(form.dirty && form.valid);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="forgot-title" className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
        <h2 id="forgot-title" className="text-lg font-semibold">Forgot your password?</h2>
        <p className="mb-3 mt-1 text-sm text-slate-500">Enter your e-mail and we will send you a link to choose a new password.</p>
        {actionData?.intent === "forgot-password" && actionData.notice ? (
          <div className="mb-3"><Banner tone={actionData.notice.tone} title={actionData.notice.title}>{actionData.notice.text}</Banner></div>
        ) : null}
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="forgot-password" />
          <Field label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
          <div className="mt-2 flex justify-end gap-2">
            <Link to={closeHref} className="rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">Cancel</Link>
            <SubmitButton busy={busy} disabled={disabled}>
              Next
            </SubmitButton>
          </div>
        </Form>
      </div>
    </div>
  );
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const { google } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectTo(params.get("redirectTo"));
  const forgotOpen = params.get("forgot") === "1" || actionData?.intent === "forgot-password";
  const closeParams = new URLSearchParams(params);
  closeParams.delete("forgot");
  const closeHref = `/login${closeParams.toString() ? `?${closeParams}` : ""}`;
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-2xl font-bold text-brand-700">Signalpost</p>
          <h1 className="mt-2 text-lg font-medium text-slate-700">Sign in to your account</h1>
        </div>
        <div className="rounded-lg bg-white p-6 shadow">
          <LoginForm redirectTo={redirectTo} actionData={actionData} />
          <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />or<span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleSignIn configured={google} redirectTo={redirectTo} />
          <p className="mt-4 text-center text-sm text-slate-500">
            New to Signalpost? <Link to="/signup" className="text-brand-600 underline">Create an account</Link>
          </p>
        </div>
      </div>
      {forgotOpen ? <ForgotPasswordDialog closeHref={closeHref} actionData={actionData} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
