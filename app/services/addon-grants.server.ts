// The grants of the OAuth provider as the company sees them (Settings -> Connected apps,
// decision 0861): what each application can read, for whom, since when, last used when; revoking
// one; and revoking them all when the keys to the account change (a password change or reset, an
// API-key rotation).
import type { DB } from "../../db/connection.js";
import { listActiveGrants, revokeGrant, revokeGrants, type GrantScope } from "../../db/repositories/oauth-grants.js";
import { cancelPendingAddonLinks, listPendingAddonLinks } from "../../db/repositories/oauth-provider.js";
import { findPlatform } from "../../engine/index.js";
import { ADDON_PLATFORMS, LINK_TTL_MS, linkCheckCode } from "./addon-link.server.js";

export type ConnectedApp = {
  id: number;
  name: string;
  /** The data platform a connector was authorized for, or the add-in a link was made for. */
  scope: string | null;
  via: "consent" | "link";
  /** An AI assistant connected to the MCP server (its grant is for /mcp, decision 0910). */
  assistant: boolean;
  /** The application registered itself: its name is its own claim. */
  unverified: boolean;
  userEmail: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export type PendingLink = { uuid: string; code: string; addIn: string; userEmail: string; expiresAt: string };

export async function listConnectedApps(db: DB, companyId: number, now = new Date()): Promise<{ apps: ConnectedApp[]; pending: PendingLink[] }> {
  const [grants, links] = await Promise.all([listActiveGrants(db, companyId), listPendingAddonLinks(db, companyId, new Date(now.getTime() - LINK_TTL_MS))]);
  return {
    apps: grants.map((g) => ({
      id: g.id,
      name: g.via === "link" ? (ADDON_PLATFORMS[g.platform ?? ""] ?? g.clientName) : g.clientName,
      scope: g.platform ? (g.via === "link" ? null : (findPlatform(g.platform)?.displayName ?? g.platform)) : null,
      via: g.via,
      assistant: g.resource !== null,
      unverified: g.clientDynamic,
      userEmail: g.userEmail,
      createdAt: g.createdAt.toISOString(),
      lastUsedAt: g.lastUsedAt?.toISOString() ?? null,
    })),
    pending: links.map((l) => ({
      uuid: l.uuid,
      code: linkCheckCode(l.uuid),
      addIn: ADDON_PLATFORMS[l.platform] ?? l.platform,
      userEmail: l.userEmail,
      expiresAt: new Date(l.createdAt.getTime() + LINK_TTL_MS).toISOString(),
    })),
  };
}

export async function revokeConnectedApp(db: DB, companyId: number, grantId: number, now = new Date()): Promise<boolean> {
  return revokeGrant(db, companyId, grantId, now);
}

export async function cancelPendingLink(db: DB, companyId: number, uuid: string): Promise<boolean> {
  return (await cancelPendingAddonLinks(db, { companyId, uuid })) > 0;
}

/**
 * Every grant (and every confirmed link not yet claimed) of a company, or of one of its users.
 * Called when the keys change: a password change or reset (the user's grants) and an API-key
 * rotation (the company's), so that whoever took over the account loses what it handed out.
 */
export async function revokeAddonGrants(db: DB, scope: GrantScope, now = new Date()): Promise<number> {
  const revoked = await revokeGrants(db, scope, now);
  await cancelPendingAddonLinks(db, scope);
  return revoked;
}
