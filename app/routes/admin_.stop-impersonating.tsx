import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { assertSameOrigin } from "~/services/csrf.server";
import { stopImpersonation } from "~/services/impersonation.server";

/**
 * The impersonation banner posts here. It is not behind requireAdmin: the session belongs to the
 * impersonated user; the admin is read from the session's impersonator_id.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return (await stopImpersonation(request)) ?? redirect("/login", { headers: { "Set-Cookie": "__sp_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" } });
}

export async function loader() {
  return redirect("/");
}
