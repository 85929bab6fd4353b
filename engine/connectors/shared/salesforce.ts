// What Salesforce and Account Engagement (Pardot) share: Salesforce OAuth 2.0 (login.salesforce.com,
// refresh tokens), the org's instance found through the OpenID userinfo endpoint (its urls.rest;
// the token response's instance_url is not kept with the credential), SOQL queries paged with
// nextRecordsUrl, and Salesforce's error arrays [{message, errorCode}].
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import type { ConnectorContext, OAuth2Config } from "../../core/types.js";
import { platformErrors } from "./records.js";

/** https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_versions.htm */
export const SALESFORCE_API_VERSION = "62.0";

export const SALESFORCE_OAUTH: OAuth2Config = {
  authorizeUrl: "https://login.salesforce.com/services/oauth2/authorize",
  tokenUrl: "https://login.salesforce.com/services/oauth2/token",
  scopes: ["api", "refresh_token", "openid"],
};

export const SALESFORCE_HOSTS = ["login.salesforce.com", "*.my.salesforce.com", "*.salesforce.com", "*.force.com"];

const userInfoAnswer = z.object({
  organization_id: z.string(),
  email: z.string().nullish(),
  zoneinfo: z.string().nullish(),
  urls: z.object({ rest: z.string() }),
});
export type UserInfo = z.infer<typeof userInfoAnswer>;

/** A page of a SOQL query: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm */
const queryPage = <T>(record: z.ZodType<T>) => z.object({ records: z.array(record), done: z.boolean(), nextRecordsUrl: z.string().nullish() });

/** userinfo, once per context; `loginBase` when the connector's own base URL is another host (Pardot). */
export function userInfo(ctx: ConnectorContext, loginBase?: string): Promise<UserInfo> {
  return memoForContext(ctx, "salesforce:userinfo", () => ctx.http.json({ url: `${loginBase ?? ""}/services/oauth2/userinfo` }, userInfoAnswer));
}

/** The org's REST base, e.g. https://acme.my.salesforce.com/services/data/v62.0 */
export async function restBase(ctx: ConnectorContext, loginBase?: string): Promise<string> {
  const info = await userInfo(ctx, loginBase);
  return info.urls.rest.replace("{version}", SALESFORCE_API_VERSION).replace(/\/$/, "");
}

/** Pages of a SOQL query's records, following nextRecordsUrl (relative to the instance). */
export async function* soql<T>(ctx: ConnectorContext, query: string, record: z.ZodType<T>, account?: string, loginBase?: string): AsyncIterable<T[]> {
  const base = await restBase(ctx, loginBase);
  const page = queryPage(record);
  const fetchPage = (url: string, params?: Record<string, string>) => ctx.http.json({ url, query: params, account }, page);
  const origin = new URL(base).origin;
  let url: string | undefined = `${base}/query`;
  let params: Record<string, string> | undefined = { q: query };
  while (url) {
    const body = await fetchPage(url, params);
    yield body.records;
    url = !body.done && body.nextRecordsUrl ? `${origin}${body.nextRecordsUrl}` : undefined;
    params = undefined;
  }
}

/** [{"message": "Session expired or invalid", "errorCode": "INVALID_SESSION_ID"}] */
export function salesforceErrors(platform: string, displayName: string) {
  return platformErrors({
    platform,
    displayName,
    message: (b) => (Array.isArray(b) ? b.map((e) => `${e.message} (${e.errorCode})`).join("; ") : b?.error_description ?? b?.message),
    reconnect: `Reconnect ${displayName} to authorize access again.`,
    isAuthError: (b) => Array.isArray(b) && b.some((e) => e.errorCode === "INVALID_SESSION_ID"),
    // The org's daily API allowance: 403 REQUEST_LIMIT_EXCEEDED.
    isTransient: (b) => Array.isArray(b) && b.some((e) => e.errorCode === "REQUEST_LIMIT_EXCEEDED"),
  });
}
