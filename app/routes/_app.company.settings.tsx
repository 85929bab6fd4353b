import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/services/session.server";

/** Spec 3 §2.1 lists /company/settings as the company settings route: it is the /settings screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect("/settings");
}
