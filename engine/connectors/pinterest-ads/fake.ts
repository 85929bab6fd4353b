// A local Pinterest API v5 for connector tests: /user_account, /ad_accounts (bookmark paging),
// /ad_accounts/{id}/analytics (array of rows in UTC days or hours), asynchronous campaign reports
// (POST .../reports -> token, GET .../reports?token= IN_PROGRESS then FINISHED with a url, the JSON
// file keyed by campaign id) and Pinterest's {code, message} error bodies.
// Wire format: https://developers.pinterest.com/docs/api/v5/
import { activeDays, campaignMetrics, fakeCampaigns, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import { sumMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { dimensionFieldOf, metricFieldOf } from "../../../tests/fakes/support/field-kinds.js";
import { allocate, fieldValues, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { fieldOf } from "../shared/column-catalogue.js";
import { PINTEREST_COLUMNS } from "./catalogue.generated.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const PINTEREST_UNAUTHORIZED: FakeReply = { status: 401, json: { code: 2, message: "Authentication failed." } };

export const AD_ACCOUNTS = [
  { id: "549755885175", name: "Signal Home", currency: "EUR", country: "FR" },
  { id: "549755885176", name: "Signal US", currency: "USD", country: "US" },
];

export interface PinterestFake extends AdsFake {
  /** IN_PROGRESS answers before a report is FINISHED. */
  reportPolls: { pending: number };
}

const micros = (n: number) => Math.round(n * 1_000_000);

function periods(start: string, end: string, granularity: string): { DATE: string; hour?: number; day: string }[] {
  return activeDays(start, end).flatMap((day) =>
    granularity === "HOUR" ? Array.from({ length: 24 }, (_, h) => ({ DATE: `${day} ${String(h).padStart(2, "0")}:00:00`, hour: h, day })) : [{ DATE: day, day }],
  );
}

/** The hand model of the columns the connector tests assert exactly; every other column is generated. */
function modelled(m: ReturnType<typeof campaignMetrics>): Record<string, number> {
  return {
    SPEND_IN_MICRO_DOLLAR: micros(m.cost),
    IMPRESSION_1: m.impressions,
    CLICKTHROUGH_1: m.clicks,
    TOTAL_CONVERSIONS: m.conversions,
    TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR: micros(m.conversionValue),
  };
}

const gen = fieldValues("pinterest-ads");

/** Ad groups, ads, keywords and products: two children per campaign, the first twice the second. */
const CHILDREN = ["1", "2"];
const CHILD_WEIGHTS = [2, 1];

/** Values of the requested columns for one row: entities are campaign ids (a level below a campaign splits it over CHILDREN). */
export function pinterestCells(columns: readonly string[], opts: { account: string; campaigns: readonly string[]; child?: string; targeting?: { type: string; value: string; members: readonly string[] }; day: string; hour?: number }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const hours = opts.hour === undefined ? undefined : [opts.hour];
  const cell: SplitOf[] = [...(opts.child ? [{ dimension: "child", members: CHILDREN, member: opts.child }] : []), ...(opts.targeting ? [{ dimension: opts.targeting.type, members: opts.targeting.members, member: opts.targeting.value }] : [])];
  const model = sumMetrics(opts.campaigns.map((c) => campaignMetrics(c, opts.day, opts.hour)));
  const split = (n: number) => {
    let v = n;
    if (opts.child) v = allocate(v, CHILD_WEIGHTS)[CHILDREN.indexOf(opts.child)];
    if (opts.targeting) v = allocate(v, opts.targeting.members.map((_, i) => i + 1))[opts.targeting.members.indexOf(opts.targeting.value)];
    return v;
  };
  const known = modelled(model);
  const entity = `${opts.campaigns.join("+")}/${opts.child ?? ""}`;
  for (const name of columns) {
    const column = PINTEREST_COLUMNS[name];
    if (!column) continue;
    if (name in known) out[name] = split(known[name]);
    else if (column.kind === "dimension") {
      const campaign = fakeCampaigns(opts.account).find((c) => c.id === opts.campaigns[0]);
      if (name === "AD_ACCOUNT_ID" || name === "ADVERTISER_ID") out[name] = opts.account;
      else if (name === "CAMPAIGN_ID") out[name] = Number(opts.campaigns[0]);
      else if (name === "CAMPAIGN_NAME" && campaign) out[name] = campaign.name;
      else if (name === "CAMPAIGN_STATUS" && campaign) out[name] = campaign.status;
      else if (/_ID$/.test(name) && opts.child) out[name] = `${opts.campaigns[0]}${opts.child}`;
      else out[name] = gen.dimension(dimensionFieldOf(fieldOf(column), undefined, name), entity, opts.day);
    } else {
      const value = gen.metric(metricFieldOf(fieldOf(column), name), { entities: opts.campaigns, days: [opts.day], hours, cell });
      out[name] = value === null ? null : /_IN_MICRO_DOLLAR$|_SPEND_CAP$/.test(name) ? micros(value) : value;
    }
  }
  return out;
}

export async function startPinterestFake(): Promise<PinterestFake> {
  const base = await startAdsFake({ name: "pin", basePath: "/v5", tokenPath: "/v5/oauth/token", clientAuth: "basic", unauthorized: () => PINTEREST_UNAUTHORIZED });
  const fake: PinterestFake = { ...base, reportPolls: { pending: 1 } };
  const jobs = new Map<string, { account: string; body: Record<string, any>; polls: number }>();

  fake.route("GET", "/user_account", () => ({ json: { username: "signalpost-ads", account_type: "BUSINESS" } }));
  fake.route("GET", "/ad_accounts", (req) => {
    const page = offsetPage(AD_ACCOUNTS, Number(req.query.get("bookmark") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("page_size") ?? 25)));
    return { json: { items: page.items.map((a) => ({ ...a, owner: { username: "signalpost-ads" }, permissions: ["ADMIN"] })), bookmark: page.next === undefined ? null : String(page.next) } };
  });
  fake.route("GET", "/ad_accounts/:id/analytics", (req) => {
    const start = req.query.get("start_date")!;
    const end = req.query.get("end_date")!;
    const columns = (req.query.get("columns") ?? "").split(",").filter(Boolean);
    const campaigns = fakeCampaigns(req.params.id).map((c) => c.id);
    const rows = periods(start, end, req.query.get("granularity")!).map((p) => ({ AD_ACCOUNT_ID: req.params.id, DATE: p.DATE, ...pinterestCells(columns, { account: req.params.id, campaigns, day: p.day, hour: p.hour }) }));
    return { json: rows };
  });
  fake.route("POST", "/ad_accounts/:id/reports", (req) => {
    const token = `report-${jobs.size + 1}`;
    jobs.set(token, { account: req.params.id, body: req.json(), polls: 0 });
    return { json: { report_status: "IN_PROGRESS", token, message: null } };
  });
  fake.route("GET", "/ad_accounts/:id/reports", (req) => {
    const job = jobs.get(req.query.get("token") ?? "");
    if (!job) return { json: { report_status: "DOES_NOT_EXIST", url: null, size: null } };
    job.polls += 1;
    if (job.polls <= fake.reportPolls.pending) return { json: { report_status: "IN_PROGRESS", url: null, size: null } };
    return { json: { report_status: "FINISHED", url: `${fake.server.url}/pinterest-reports/${req.query.get("token")}.json?X-Amz-Signature=abc`, size: 1024 } };
  });
  // The pre-signed download: no Bearer check (storage hosts ignore it).
  fake.server.route("GET", "/pinterest-reports/:file", (req) => {
    const job = jobs.get(req.params.file.replace(/\.json$/, ""));
    if (!job) return { status: 403, body: "AccessDenied" };
    const { start_date, end_date, granularity, level, columns, targeting_types } = job.body as { start_date: string; end_date: string; granularity: string; level: string; columns: string[]; targeting_types?: string[] };
    const base = String(level).replace(/_TARGETING$/, "");
    const children = base === "CAMPAIGN" ? [undefined] : CHILDREN;
    const targeting = targeting_types?.[0];
    const members = targeting ? gen.members({ id: `targeting.${targeting}`, kind: "text" }, 3) : [undefined];
    const out: Record<string, unknown[]> = {};
    for (const c of base === "ADVERTISER" ? [{ id: "" }] : fakeCampaigns(job.account)) {
      const campaigns = c.id ? [c.id] : fakeCampaigns(job.account).map((x) => x.id);
      for (const child of children) {
        const rows = periods(start_date, end_date, granularity).flatMap((p) =>
          members.map((value) => ({
            DATE: p.DATE,
            ...(targeting ? { TARGETING_TYPE: targeting, TARGETING_VALUE: value } : {}),
            ...pinterestCells(columns, { account: job.account, campaigns, child, day: p.day, hour: p.hour, targeting: targeting ? { type: targeting, value: value!, members: members as string[] } : undefined }),
          })),
        );
        out[`${c.id || job.account}${child ?? ""}`] = rows;
      }
    }
    return { json: out };
  });
  return fake;
}
