// LINE Ads through the LINE Ads API v3 (https://developers.line.biz/en/docs/line-ads-api/ and the
// Ad Tech API reference at https://ads.line.me/public-docs/; README.md says what is confirmed):
// every request is signed as a JWS with the form's access key and secret key (jws.ts) on
// https://ads.line.me/api/v3. The ad accounts of the form's group are the accounts; the online
// report GET /adaccounts/{id}/reports/online/{adaccount|campaign}?since&until&page&size answers
// {datas: [{adaccount|campaign, statistics: {imp, click, cost, cv}}], paging} and is read one
// day at a time (it totals the range) and page by page.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { eachDay } from "../../core/dates.js";
import { paginate, collectItems } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange } from "../../core/types.js";
import { adsConnector, adsFields, type AdsReport } from "../shared/ads-family.js";
import { keyAndSecret } from "../shared/app-analytics.js";
import { num } from "../shared/records.js";
import { lineAdsJws } from "./jws.js";

const PLATFORM = "line-ads";
const PAGE_SIZE = 100;

const entity = z.object({ id: z.union([z.string(), z.number()]), name: z.string().nullish(), status: z.string().nullish() }).passthrough();
const reportPage = z.object({
  datas: z.array(z.object({ adaccount: entity.nullish(), campaign: entity.nullish(), statistics: z.record(z.string(), z.unknown()).default({}) }).passthrough()).default([]),
  paging: z.object({ page: z.number().nullish(), totalPages: z.number().nullish() }).passthrough().nullish(),
}).passthrough();
type Datum = z.infer<typeof reportPage>["datas"][number] & { day: string };
const accountsPage = z.object({
  datas: z.array(entity.extend({ currency: z.string().nullish(), timeZone: z.string().nullish() })).default([]),
  paging: z.object({ page: z.number().nullish(), totalPages: z.number().nullish() }).passthrough().nullish(),
}).passthrough();

/** A LINE listing page after page (page is 1-based, paging.totalPages ends it). */
function pages<T extends { datas: unknown[]; paging?: { page?: number | null; totalPages?: number | null } | null }>(fetchPage: (page: number) => Promise<T>) {
  return paginate<T["datas"][number], number>(
    async (page = 1) => {
      const body = await fetchPage(page);
      const more = body.datas.length > 0 && page < (body.paging?.totalPages ?? page);
      return { items: body.datas, next: more ? page + 1 : null };
    },
    { platform: PLATFORM },
  );
}

function online(level: "adaccount" | "campaign") {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<Datum[]> {
    for (const day of eachDay(range)) {
      for await (const items of pages((page) => ctx.http.json({ url: `/adaccounts/${encodeURIComponent(account.id)}/reports/online/${level}`, account: account.id, query: { since: day, until: day, page, size: PAGE_SIZE } }, reportPage))) {
        yield items.map((d) => ({ ...d, day }));
      }
    }
  };
}

function reportOf(id: string, name: string, level: "account" | "campaign"): AdsReport<Datum> {
  return {
    id,
    name,
    description: `Impressions, clicks, cost and conversions by day${level === "campaign" ? " and campaign" : ""}.`,
    fields: adsFields(level),
    fetch: online(level === "campaign" ? "campaign" : "adaccount"),
    record: (d, account) => ({
      date: d.day,
      account_id: account.id,
      account_name: account.name,
      account_currency: account.currency,
      ...(level === "campaign" ? { campaign_id: d.campaign ? String(d.campaign.id) : null, campaign_name: d.campaign?.name ?? null, campaign_status: d.campaign?.status ?? null } : {}),
      impressions: num(d.statistics.imp),
      clicks: num(d.statistics.click),
      cost: num(d.statistics.cost),
      conversions: num(d.statistics.cv),
    }),
  };
}

function groupId(ctx: ConnectorContext): string {
  const id = credentialOption(ctx.credential, "groupId");
  if (!id) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "LINE Ads needs the Group ID of the API group. Reconnect the source with it." });
  return id;
}

async function adAccounts(ctx: ConnectorContext) {
  const group = groupId(ctx);
  return collectItems(pages((page) => ctx.http.json({ url: `/groups/${encodeURIComponent(group)}/adaccounts`, query: { page, size: PAGE_SIZE } }, accountsPage)));
}

export const lineAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "LINE Ads",
  authMethod: "api-key",
  authorize(request, credential) {
    const { key, secret } = keyAndSecret(credential);
    const now = new Date();
    const contentType = request.body ? (request.headers["content-type"] ?? "application/json") : "";
    request.headers.authorization = `Bearer ${lineAdsJws(key, secret, { body: request.body ?? "", contentType, path: request.url.pathname, now })}`;
    request.headers.date = now.toUTCString();
  },
  errorMessage: (b: any) => b?.errors?.[0]?.message ?? b?.message ?? b?.error,
  reconnect: "Regenerate the secret key of the API group in LINE Ads Manager (Group settings > API) and reconnect with the access key and the new secret key.",
  timezone: "account",
  currency: "account",
  // Conversions are attributed back to the click day within the conversion window (7 days after
  // a click by default, https://www.lycbiz.com/jp/manual/line-ads/ads_024/), so a week is re-read.
  restatementDays: 7,
  allowedHosts: ["ads.line.me"],
  defaultBaseUrl: "https://ads.line.me/api/v3",
  // Rate limits are per group ("429 Too Many Requests" beyond them, development guidelines).
  rateLimit: { maxConcurrent: 1 },
  async check(ctx) {
    const [first] = await adAccounts(ctx);
    return { ok: true, identity: first?.name ?? undefined };
  },
  async listAccounts(ctx) {
    return (await adAccounts(ctx)).map((a) => ({ id: String(a.id), name: a.name ?? String(a.id), timezone: a.timeZone || "Asia/Tokyo", currency: a.currency || "JPY", status: a.status === "DELETED" ? "closed" : "active" }));
  },
  reports: [reportOf("account", "Account", "account"), reportOf("campaign", "Campaigns", "campaign")],
});
