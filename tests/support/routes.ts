// Calling route modules directly as a signed-in user: a session cookie and the loader/action
// arguments Remix would pass (the prologue integration tests of route families share).
import { createUserSession } from "~/services/session.server";
import { cookiesFrom } from "./requests.js";

/** The cookie header of a fresh session for this user. */
export async function sessionCookie(userId: number): Promise<string> {
  return cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));
}

/** LoaderFunctionArgs / ActionFunctionArgs for a request and route params. */
export const routeArgs = (request: Request, params: Record<string, string>) => ({ request, params, context: {} });
