import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { assertSameOrigin } from "~/services/csrf.server";
import { stopImpersonation } from "~/services/impersonation.server";
import { readForm } from "~/services/request-input.server";

/**
 * The impersonation banner posts here. It is not behind requireAdmin: the session belongs to the
 * impersonated user; the admin is read from the session's impersonator_id.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // No fields, but the body is still read: a wrong content type or a hostile body is refused (decision 0830).
  await readForm(request);
  return (await stopImpersonation(request)) ?? redirect("/login", { headers: { "Set-Cookie": "__sp_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" } });
}

export async function loader() {
  return redirect("/");
}
