import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { assertSameOrigin } from "~/services/csrf.server";
import { startSessionClaimingConnection } from "~/services/register-connect.server";
import { completeSignup, pendingSignupEmail } from "~/services/signup.server";
import { redirectWithToast } from "~/services/toast.server";
import { Banner, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail · Signalpost" }];

/** GET only shows the page: mail scanners open links, so the company is created by the button's POST. */
export async function loader({ params }: LoaderFunctionArgs) {
  const email = await pendingSignupEmail(params.token ?? "");
  return json({ email }, { status: email ? 200 : 410 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // No fields, but the body is still read: a wrong content type or a hostile body is refused (decision 0830).
  await readForm(request);
  const outcome = await completeSignup(params.token ?? "");
  if (!outcome.ok) {
    return redirectWithToast("/signup", {
      type: "error",
      title: "Unable to create your account",
      description: outcome.reason === "email-taken" ? "An account already uses this e-mail. Sign in instead." : "This confirmation link is invalid, expired or already used. Sign up again.",
    });
  }
  return startSessionClaimingConnection(request, { userId: outcome.user.id, companyId: outcome.user.companyId, remember: false, redirectTo: "/getting-started" });
}

export default function VerifySignup() {
  const { email } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow">
        <h1 className="mb-3 text-lg font-semibold">Confirm your e-mail</h1>
        {email ? (
          <Form method="post" className="space-y-4">
            <p className="text-sm text-slate-600">Create your company with <strong>{email}</strong> and start your 14-day free trial.</p>
            <SubmitButton busy={navigation.state === "submitting"} className="w-full">Confirm and start my trial</SubmitButton>
          </Form>
        ) : (
          <Banner tone="error" title="This link does not work any more">
            It is invalid, expired or already used. <Link to="/signup" className="underline">Sign up again</Link> or <Link to="/login" className="underline">sign in</Link>.
          </Banner>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
