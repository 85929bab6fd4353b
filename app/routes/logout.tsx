import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/services/csrf.server";
import { destroyUserSession } from "~/services/session.server";

/** Spec 3 §2.12: logout clears the session and goes to / (which then asks to sign in). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return destroyUserSession(request, "/");
}

// A plain link to /logout also works: signing someone out is the only effect, and it is harmless.
export async function loader({ request }: LoaderFunctionArgs) {
  return destroyUserSession(request, "/");
}
