// Klaviyo: the date-versioned REST API at a.klaviyo.com with a private API key in
// `Authorization: Klaviyo-API-Key pk_...` and a `revision` header
// (https://developers.klaviyo.com/en/docs/authenticate_). One key = one Klaviyo account.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row } from "../../core/types.js";
import { recordsConnector } from "../shared/records.js";
import { queryAggregates } from "./aggregates.js";
import { classifyKlaviyoError, listAll, PLATFORM, resource, type Resource } from "./api.js";
import { KLAVIYO_FIELDS, KLAVIYO_REPORTS, METRIC_SOURCES, REPORT_HELP, type Measurement } from "./fields.js";

/** The latest GA revision when this connector was written; each revision is supported two years (https://developers.klaviyo.com/en/docs/api_versioning_and_deprecation_policy). */
export const KLAVIYO_REVISION = "2026-07-15";

// https://developers.klaviyo.com/en/reference/get_accounts: every attribute read has a default here.
const accountAttributes = z.object({
  contact_information: z.object({ organization_name: z.string().nullish() }).nullish(),
  timezone: z.string().nullish(),
  preferred_currency: z.string().nullish(),
});
const accountsBody = z.object({ data: z.array(resource(accountAttributes)) });

/** Metrics, campaigns and flows are read for their names. */
const named = z.object({ name: z.string() });

async function klaviyoAccount(ctx: ConnectorContext): Promise<Resource<z.infer<typeof accountAttributes>>> {
  const body = await ctx.http.json({ url: "/api/accounts" }, accountsBody);
  const account = body.data[0];
  if (!account) {
    throw new ConnectorError({ kind: "system", platform: PLATFORM, bodyExcerpt: ctx.http.redact(JSON.stringify(body)).slice(0, 300), message: "Klaviyo's /api/accounts answered without an account." });
  }
  return account;
}

/** Metric name -> id. A name can exist twice (two integrations sending "Placed Order"); the first listed wins. */
async function metricIds(ctx: ConnectorContext, account: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for await (const page of listAll(ctx, "/api/metrics", named, { "fields[metric]": "name" }, account)) {
    for (const m of page) if (!ids.has(m.attributes.name)) ids.set(m.attributes.name, m.id);
  }
  return ids;
}

async function namesOf(ctx: ConnectorContext, path: "/api/campaigns" | "/api/flows", account: string): Promise<Map<string, string>> {
  // Campaigns must be listed per channel: https://developers.klaviyo.com/en/reference/get_campaigns
  const query = path === "/api/campaigns" ? { filter: "equals(messages.channel,'email')", "fields[campaign]": "name" } : { "fields[flow]": "name" };
  const names = new Map<string, string>();
  for await (const page of listAll(ctx, path, named, query, account)) for (const r of page) names.set(r.id, r.attributes.name);
  return names;
}

/** One record per bucket of metric aggregates, for one account and report (campaigns and flows group by their id). */
async function* aggregateRecords(ctx: ConnectorContext, account: Account, report: string, req: ReadRequest): AsyncGenerator<Row[]> {
  const wanted = [...new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field)])].filter((id) => METRIC_SOURCES[id]);
  const interval = req.granularity === "hour" || req.fields.includes("hour") ? "hour" : "day";
  const groupField = report === "campaigns" ? "campaign" : report === "flows" ? "flow" : undefined;
  const ids = await metricIds(ctx, account.id);
  const needsNames = groupField !== undefined && [...req.fields, ...(req.filters ?? []).map((f) => f.field)].includes(`${groupField}_name`);
  const names = needsNames ? await namesOf(ctx, groupField === "campaign" ? "/api/campaigns" : "/api/flows", account.id) : new Map<string, string>();

  // One query per Klaviyo metric and grouping, asking for every measurement the fields need.
  const queries = new Map<string, { metricId: string; by?: string; measurements: Set<Measurement>; fields: string[] }>();
  for (const field of wanted) {
    const source = METRIC_SOURCES[field];
    const name = source.names.find((n) => ids.has(n));
    // The account has never recorded this metric (no store connected, no SMS...): it stays 0.
    if (!name) continue;
    const by = groupField === "campaign" ? source.campaignBy : groupField === "flow" ? source.flowBy : undefined;
    const key = `${name}\u0000${by ?? ""}`;
    const entry = queries.get(key) ?? { metricId: ids.get(name)!, by, measurements: new Set<Measurement>(), fields: [] };
    entry.measurements.add(source.measurement);
    entry.fields.push(field);
    queries.set(key, entry);
  }

  for (const query of queries.values()) {
    const buckets = queryAggregates(ctx, {
      metricId: query.metricId,
      measurements: [...query.measurements],
      interval,
      range: req.range,
      timezone: account.timezone,
      by: query.by,
      account: account.id,
    });
    for await (const bucket of buckets) {
      const record: Row = { date: bucket.date, hour: interval === "hour" ? bucket.hour : null };
      let any = false;
      for (const field of query.fields) {
        const value = bucket.values[METRIC_SOURCES[field].measurement] ?? 0;
        record[field] = value;
        if (value !== 0) any = true;
      }
      if (groupField) {
        // Events outside any campaign or flow come back as an empty group; they belong to the account report only.
        if (!bucket.group || !any) continue;
        record[`${groupField}_id`] = bucket.group;
        record[`${groupField}_name`] = names.get(bucket.group) ?? null;
      }
      yield [record];
    }
  }
}

export function createKlaviyoConnector(): Connector {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "api-key",
    timezone: "account",
    currency: "account",
    // Events are immutable but arrive late (integrations sync orders in batches) and conversions
    // are attributed to emails within Klaviyo's attribution window, 5 days by default
    // (https://help.klaviyo.com/hc/en-us/articles/115005248128). Re-read the last 5 days.
    restatementDays: 5,
    allowedHosts: ["a.klaviyo.com"],
    defaultBaseUrl: "https://a.klaviyo.com",
    supportsHourly: true,
    // Query Metric Aggregates allows 3 requests a second (burst) and 60 a minute (steady):
    // https://developers.klaviyo.com/en/reference/query_metric_aggregates. The burst is held
    // here; the steady limit answers 429 with Retry-After, which the http client waits out.
    rateLimit: { maxConcurrent: 1, reservoir: { amount: 3, intervalMs: 1000 } },

    authorize(request, credential) {
      if (credential.type === "api-key") request.headers.authorization = `Klaviyo-API-Key ${credential.key}`;
      request.headers.revision = KLAVIYO_REVISION;
      request.headers.accept = "application/vnd.api+json";
      if (request.body !== undefined) request.headers["content-type"] = "application/vnd.api+json";
    },
    classifyError: classifyKlaviyoError,

    async check(ctx) {
      const account = await klaviyoAccount(ctx);
      return { ok: true, identity: account.attributes.contact_information?.organization_name || account.id };
    },

    async listAccounts(ctx): Promise<Account[]> {
      const account = await klaviyoAccount(ctx);
      return [
        {
          id: account.id,
          name: account.attributes.contact_information?.organization_name || account.id,
          timezone: account.attributes.timezone || "UTC",
          currency: (account.attributes.preferred_currency || "USD").toUpperCase(),
          status: "active",
        },
      ];
    },
    reportHelp: REPORT_HELP,
    reports: KLAVIYO_REPORTS.map((r) => ({
      ...r,
      fields: KLAVIYO_FIELDS[r.id],
      fetch: (ctx, account, _range, req) => aggregateRecords(ctx, account, r.id, req),
      record: (row: Row) => row,
    })),
  });
}

export const klaviyoConnector = createKlaviyoConnector();
