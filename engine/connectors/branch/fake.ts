// A local Branch Query API: GET /v1/app/{branch key}?branch_secret= (the app) and POST
// /v1/query/analytics checking branch_key/branch_secret in the body, answering
// {results: [{timestamp, result}], paging: {next_url, total_count}} with limit/offset in the
// query string, and {error: {message, code}} errors. Wire format: https://help.branch.io/apidocs/query
import { DateTime } from "luxon";
import { appDay, activeDays, PARTNERS } from "../../../tests/fakes/support/app-analytics.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const BRANCH_KEY = "key_live_signal0001";
export const BRANCH_SECRET = "secret_live_signal0001";
export const branchError = (status: number, message: string): FakeReply => ({ status, json: { error: { message, code: status } } });
export const BRANCH_UNAUTHORIZED = branchError(401, "Invalid or missing app id, Branch key, or secret");
export const BRANCH_APP = { app_id: "987654321", app_name: "Signal Shop", branch_key: BRANCH_KEY };
const COLUMNS: Record<string, (f: BranchFact) => string> = {
  last_attributed_touch_data_tilde_channel: (f) => f.channel,
  last_attributed_touch_data_tilde_campaign: (f) => f.campaign,
  last_attributed_touch_data_tilde_feature: () => "paid advertising",
  last_attributed_touch_data_tilde_advertising_partner_name: (f) => f.partner,
  user_data_os: (f) => f.os,
};
interface BranchFact {
  day: string;
  channel: string;
  campaign: string;
  partner: string;
  os: string;
  eo_install: number;
  eo_open: number;
  eo_click: number;
}

/** Facts of a day: one per partner and OS. */
export function branchFacts(day: string): BranchFact[] {
  return PARTNERS.flatMap((p) =>
    ["IOS", "ANDROID"].map((os) => {
      const m = appDay(`branch/${os}`, day, p.id);
      return { day, channel: p.id === "Organic" ? "organic" : p.name, campaign: p.campaign, partner: p.name, os, eo_install: m.installs, eo_open: m.sessions, eo_click: m.clicks };
    }),
  );
}

const credentialOf = (req: RecordedRequest): { key?: string; secret?: string } => {
  if (req.method === "GET") return { key: req.params.key ?? req.path.split("/").pop(), secret: req.query.get("branch_secret") ?? undefined };
  const b = req.json<{ branch_key?: string; branch_secret?: string }>();
  return { key: b.branch_key, secret: b.branch_secret };
};

export async function startBranchFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "",
    credential: { type: "api-key", key: BRANCH_KEY, secret: BRANCH_SECRET },
    authorized: (req) => {
      const c = credentialOf(req);
      return c.key === BRANCH_KEY && c.secret === BRANCH_SECRET;
    },
    unauthorized: () => BRANCH_UNAUTHORIZED,
  });
  // Small pages, so a day split by channel and OS already spans two.
  fake.options.pageSize = 4;
  fake.route("GET", "/v1/app/:key", () => ({ json: BRANCH_APP }));
  fake.route("POST", "/v1/query/analytics", (req) => {
    const b = req.json<{ start_date: string; end_date: string; data_source: keyof BranchFact; dimensions: string[]; granularity: string; aggregation: string }>();
    const last = DateTime.fromISO(b.end_date).minus({ days: 1 }).toISODate()!;
    if (DateTime.fromISO(b.end_date).diff(DateTime.fromISO(b.start_date), "days").days > 7) return branchError(400, "Max number of days that can be queried at a time is 7");
    if (!["eo_install", "eo_open", "eo_click"].includes(b.data_source) || b.aggregation !== "total_count") return branchError(400, "Unsupported data_source or aggregation");
    const groups = new Map<string, { timestamp: string; result: Record<string, string | number> }>();
    for (const day of activeDays(b.start_date, last)) {
      for (const f of branchFacts(day)) {
        const dims = Object.fromEntries(b.dimensions.map((d) => [d, COLUMNS[d](f)]));
        const key = JSON.stringify([day, dims]);
        const g = groups.get(key) ?? { timestamp: `${day}T00:00:00.000Z`, result: { ...dims, total_count: 0 } };
        g.result.total_count = Number(g.result.total_count) + Number(f[b.data_source]);
        groups.set(key, g);
      }
    }
    const all = [...groups.values()];
    const limit = Number(req.query.get("limit") ?? 100);
    const offset = Number(req.query.get("offset") ?? 0);
    const size = Math.min(limit, fake.options.pageSize);
    const next = offset + size < all.length ? `/v1/query/analytics?limit=${size}&offset=${offset + size}` : undefined;
    return { json: { results: all.slice(offset, offset + size), paging: { total_count: all.length, ...(next ? { next_url: next } : {}) } } };
  });
  return fake;
}
