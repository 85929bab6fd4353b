// The Excel / Sheets one-click link (spec 3 §2.8): link a uuid to the signed-in user, and let the
// add-in claim tokens for it once, within 15 minutes.
import type { DB } from "../../db/connection.js";
import { claimAddonLink, findOauthClient, linkAddonLink } from "../../db/repositories/oauth-provider.js";
import { mintTokensFor } from "./oauth-provider.server.js";
import { jsonAnswer } from "./addons.server.js";

export const ADDON_PLATFORMS: Record<string, string> = { excel: "Microsoft Excel", "microsoft-excel": "Microsoft Excel", "google-sheets": "Google Sheets" };
export const LINK_TTL_MS = 15 * 60 * 1000;

/** A random UUID (122 random bits): short guessable ids would let anyone claim someone's token. */
export function validLinkUuid(uuid: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(uuid);
}

export async function linkAddon(db: DB, companyId: number, userId: number, uuid: string, platform: string, now = new Date()): Promise<boolean> {
  return linkAddonLink(db, companyId, userId, uuid.toLowerCase(), platform, now);
}

export async function claimAddon(request: Request, db: DB, uuid: string, now = new Date()): Promise<Response> {
  if (!validLinkUuid(uuid)) return jsonAnswer({ error: { code: "invalid_uuid", message: "This link id is not valid." } }, 400);
  const type = request.headers.get("content-type") ?? "";
  const body = type.includes("application/json") ? ((await request.json().catch(() => ({}))) as Record<string, unknown>) : Object.fromEntries(await request.formData().catch(() => new FormData()));
  const clientId = typeof body.client_id === "string" ? body.client_id : "";
  const client = clientId ? await findOauthClient(db, clientId) : undefined;
  if (!client) return jsonAnswer({ error: { code: "invalid_client", message: "Unknown client_id." } }, 401);
  const linked = await claimAddonLink(db, uuid.toLowerCase(), now, LINK_TTL_MS);
  if (!linked) return jsonAnswer({ error: { code: "not_linked", message: "This link has not been confirmed yet, has expired or was already used." } }, 404);
  return jsonAnswer(await mintTokensFor(db, linked.companyId, linked.userId, client.id, now));
}
