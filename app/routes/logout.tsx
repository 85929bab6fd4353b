import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/services/csrf.server";
import { destroyUserSession } from "~/services/session.server";
import { readForm } from "~/services/request-input.server";

/** Spec 3 §2.12: logout clears the session and goes to / (which then asks to sign in). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // No fields, but the body is still read: a wrong content type or a hostile body is refused (decision 0830).
  await readForm(request);
  return destroyUserSession(request, "/");
}

// A plain link to /logout also works: signing someone out is the only effect, and it is harmless.
export async function loader({ request }: LoaderFunctionArgs) {
  return destroyUserSession(request, "/");
}
