// The Excel / Sheets one-click link (spec 3 §2.8, decision 0861): the add-in opens
// /link-to/{platform}?uuid=...; the signed-in user reads what the add-in will be able to read and
// confirms with a click (a POST from our own origin; opening the page links nothing); the add-in
// then claims tokens for that uuid once, within 15 minutes. The claim becomes a grant listed in
// Settings -> Connected apps.
import type { DB } from "../../db/connection.js";
import { claimAddonLink, findAddonLink, findOauthClient, linkAddonLink } from "../../db/repositories/oauth-provider.js";
import { mintLinkGrant } from "./oauth-provider.server.js";
import { jsonAnswer } from "./addons.server.js";

export const ADDON_PLATFORMS: Record<string, string> = { excel: "Microsoft Excel", "microsoft-excel": "Microsoft Excel", "google-sheets": "Google Sheets" };
export const LINK_TTL_MS = 15 * 60 * 1000;

/** A random UUID (122 random bits): short guessable ids would let anyone claim someone's token. */
export function validLinkUuid(uuid: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(uuid);
}

/**
 * The code the confirmation page shows and the add-in shows next to its "open the link" button
 * (the first 8 hex digits of its uuid): a user who was sent someone else's link sees a code their
 * own add-in does not show (the remote-phishing check of RFC 8628 §5.4, adapted).
 */
export function linkCheckCode(uuid: string): string {
  const hex = uuid.replace(/-/g, "").slice(0, 8).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

export type LinkState = "new" | "linked" | "claimed" | "unavailable";

/** Where this uuid stands for the signed-in user: the page says so instead of trusting its URL. */
export async function addonLinkState(db: DB, companyId: number, userId: number, uuid: string, now = new Date()): Promise<LinkState> {
  const link = await findAddonLink(db, uuid.toLowerCase());
  if (!link || link.companyId === null) return link && link.createdAt.getTime() < now.getTime() - LINK_TTL_MS ? "unavailable" : "new";
  if (link.companyId !== companyId || link.userId !== userId) return "unavailable";
  if (link.claimedAt) return "claimed";
  return link.createdAt.getTime() >= now.getTime() - LINK_TTL_MS ? "linked" : "unavailable";
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
  return jsonAnswer(await mintLinkGrant(db, linked, client.id, now));
}
