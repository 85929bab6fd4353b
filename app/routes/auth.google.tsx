import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { assertSameOrigin } from "~/services/csrf.server";
import { googleAuthenticator } from "~/services/google-auth.server";
import { safeRedirectTo } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { serverIntegration } from "~/services/integrations.server";
import { z } from "zod";
import { parseOrRefuse, readForm } from "~/services/request-input.server";

// Where to land afterwards: any text, made same-origin by safeRedirectTo.
const RedirectSchema = z.object({ redirectTo: z.string().max(2000).optional() });

/**
 * Starts Google sign-in: remix-auth stores a random state in a short-lived cookie and redirects
 * to Google's consent page. Where to land afterwards travels in a cookie of our own.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // remix-auth builds its own Request from this one, whose body must still be unread.
  const { redirectTo: asked } = parseOrRefuse(await readForm(request.clone()), RedirectSchema);
  const redirectTo = safeRedirectTo(asked ?? null);
  if (!serverIntegration("google").configured) {
    return redirectWithToast(`/login?${new URLSearchParams({ redirectTo })}`, { type: "error", title: "Google sign-in is not set up on this server", description: "Sign in with your e-mail and password instead." });
  }
  try {
    await googleAuthenticator(new URL(request.url).origin).authenticate("google", request);
  } catch (response) {
    if (response instanceof Response && response.status >= 300 && response.status < 400) {
      response.headers.append("Set-Cookie", `__sp_after_login=${encodeURIComponent(redirectTo)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=600`);
      return response;
    }
    throw response;
  }
  return redirect("/login");
}

export async function loader() {
  return redirect("/login");
}

