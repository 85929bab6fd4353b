// GET /addons/sources[?platform=]: the token holder's sources and their activated accounts (Sheets and Excel add-ons).
// @machine-endpoint OAuth bearer token of our provider
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireBearer } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { addonAnswer, jsonAnswer, listCompanyAccounts, methodNotAllowed } from "~/services/addons.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return addonAnswer(async () => {
    const db = getDb();
    const { company } = await requireBearer(request, db);
    const platform = new URL(request.url).searchParams.get("platform")?.trim() || undefined;
    return jsonAnswer({ sources: await listCompanyAccounts(db, company.id, platform) });
  });
}

export async function action(_args: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
