import type { LoaderFunctionArgs } from "@remix-run/node";
import { googleAuthenticator } from "~/services/google-auth.server";
import { safeRedirectTo } from "~/services/session.server";
import { startSessionClaimingConnection } from "~/services/register-connect.server";
import { redirectWithToast } from "~/services/toast.server";

/** Where to land after Google sign-in: the cookie set by /auth/google, through the redirect gate. */
export function afterLoginTarget(request: Request): string {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = /(?:^|;\s*)__sp_after_login=([^;]*)/.exec(cookie);
  let target: string | null = null;
  try {
    target = match ? decodeURIComponent(match[1]) : null;
  } catch {
    // A hand-made cookie with a broken escape: no target, not a 500.
  }
  return safeRedirectTo(target);
}

/** Google sends the browser back here with code and state; remix-auth checks the state. */
export async function loader({ request }: LoaderFunctionArgs) {
  const clearTarget = "__sp_after_login=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0";
  let outcome;
  try {
    outcome = await googleAuthenticator(new URL(request.url).origin).authenticate("google", request);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    // Forged or missing state, a denied consent, or Google unreachable: no session, a clear message.
    return redirectWithToast("/login", { type: "error", title: "Unable to login", description: "Google sign-in did not complete. Please try again." }, { headers: { "Set-Cookie": clearTarget } });
  }
  if (outcome.kind === "unknown") {
    return redirectWithToast(
      "/login",
      { type: "error", title: "Unable to login", description: `Google did not confirm the e-mail address of ${outcome.email || "this Google account"}, so no account was created. Sign up with your e-mail and password instead.` },
      { headers: { "Set-Cookie": clearTarget } },
    );
  }
  if (outcome.registered) {
    // A new company lands on the wizard, unless it came from a page that asked to go elsewhere (templates).
    const target = afterLoginTarget(request);
    return startSessionClaimingConnection(request, { userId: outcome.user.id, companyId: outcome.user.companyId, remember: false, redirectTo: target === "/" ? "/getting-started" : target, headers: { "Set-Cookie": clearTarget } });
  }
  return startSessionClaimingConnection(request, { userId: outcome.user.id, companyId: outcome.user.companyId, remember: false, redirectTo: afterLoginTarget(request), headers: { "Set-Cookie": clearTarget } });
}
