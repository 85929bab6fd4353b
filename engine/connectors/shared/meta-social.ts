// What the Meta social connectors (Facebook Pages, Instagram, Facebook and Instagram public data)
// have in common besides the Graph mechanics: Facebook Login with a long-lived user token (the
// short-lived one is upgraded once and persisted, see facebook-ads/auth.ts), Graph error wording,
// Pacific-time insight days, no currency, and the /me identity check.
import type { Connector, ConnectorContext } from "../../core/types.js";
import { ensureLongLivedToken } from "../facebook-ads/auth.js";
import { formList } from "./form-list.js";
import { GRAPH_BASE_URL, graphErrors, graphMe, graphOAuth2, INSIGHTS_ZONE, type GraphErrorWording } from "./meta-graph.js";

export type MetaSocialBase = Pick<Connector, "authMethod" | "timezone" | "currency" | "allowedHosts" | "defaultBaseUrl" | "rateLimit" | "oauth2" | "classifyError" | "check">;

export function metaSocialBase(scopes: string[], wording: GraphErrorWording): MetaSocialBase {
  return {
    authMethod: "oauth2",
    timezone: { fixed: INSIGHTS_ZONE },
    currency: "none",
    allowedHosts: ["graph.facebook.com", "www.facebook.com"],
    defaultBaseUrl: GRAPH_BASE_URL,
    // Page and Instagram calls count against per-page and per-account budgets; two at a time.
    rateLimit: { maxConcurrent: 2 },
    oauth2: graphOAuth2(scopes),
    classifyError: graphErrors(wording),
    async check(ctx) {
      await ensureLongLivedToken(ctx);
      const me = await ctx.http.json({ url: "/me", query: { fields: "id,name" } }, graphMe);
      return { ok: true, identity: me.name ?? me.id };
    },
  };
}

/**
 * The list typed in a public-data form ("Page ids", "Instagram accounts"), kept with the source as
 * options.accounts (the same place zoho-crm reads options.location from an OAuth credential).
 */
export function formAccounts(ctx: ConnectorContext): string[] {
  return formList(ctx.http.credential);
}
