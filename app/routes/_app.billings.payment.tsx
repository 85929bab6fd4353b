import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/services/session.server";

/** Spec 3 §2.1: /billings/payment redirects to /buy. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect("/buy");
}
