import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { readForm } from "~/services/request-input.server";

/** Spec 3 §2.1: signed-out visitors go to /login?redirectTo=…, signed-in ones to /. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect("/");
}

export async function action({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // No fields, but the body is still read: a wrong content type or a hostile body is refused (decision 0830).
  await readForm(request);
  throw redirect("/");
}
