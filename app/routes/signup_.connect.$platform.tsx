// POST /signup/connect/{platform}: register mode's first step (spec 3 §2.5). A visitor without an
// account goes to the platform's consent page; the return handler keeps the connection until the
// visitor signs up or in (app/services/register-connect.server.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { redirectWithToast } from "~/services/toast.server";
import { assertSameOrigin } from "~/services/csrf.server";
import { getSignedIn } from "~/services/session.server";
import { startRegisterConnect } from "~/services/register-connect.server";
import { SourceFlowError } from "~/services/sources.server";
import { parseOrRefuse, readForm } from "~/services/request-input.server";
import { z } from "zod";

/** Where the visitor came from; startRegisterConnect checks both before using them. */
const RegisterConnectSchema = z.object({ returnTo: z.string().optional(), from: z.string().optional() });

export async function loader() {
  return redirect("/signup");
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const sent = parseOrRefuse(form, RegisterConnectSchema);
  const returnTo = sent.returnTo ?? null;
  const fromApp = sent.from ?? null;
  // A signed-in user connects through the normal flow of their own company.
  if (await getSignedIn(request)) {
    return redirect(`/data-connector/sources/new?${new URLSearchParams({ platform: params.platform ?? "", ...(fromApp ? { from: fromApp } : {}) })}`);
  }
  try {
    return redirect(await startRegisterConnect({ platform: params.platform ?? "", origin: new URL(request.url).origin, fromApp, returnTo }));
  } catch (error) {
    if (error instanceof SourceFlowError) return redirectWithToast("/signup", { type: "error", title: error.title, description: error.message });
    throw error;
  }
}
