// Spec: bad query URLs answer 4xx with a body naming the parameter (JSON, or csv for csv), never
// a 5xx and never another company's data. 61 malformations x 4 formats = 244 requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let route: typeof import("~/routes/api.request");
let mine: { apikey: string; sourceId: number };
let theirs: { apikey: string; sourceId: number; blockedSourceId: number };

async function company(name: string) {
  const { company } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name, platform: "demo", credential: { type: "api-key", key: "demo" } });
  await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-paris", name: `${name} Paris secret`, timezone: "Europe/Paris", currency: "EUR" });
  const blocked = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-london", name: `${name} London`, timezone: "Europe/London", currency: "GBP" });
  await db.updateTable("dataSources").set({ blockedAt: new Date() }).where("id", "=", blocked.id).execute();
  return { apikey: revealApiKey(company), sourceId: source.id, blockedSourceId: source.id };
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  route = await import("~/routes/api.request");
  mine = await company("Mine");
  theirs = await company("Theirs");
});
afterAll(async () => {
  // Connection logs are written just after a body ends: let them land before the database goes.
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});

type Case = { name: string; params: () => Record<string, string | null>; status: number | number[]; parameter: string };

function good(): Record<string, string> {
  return {
    platform: "demo",
    dimensions: "date,campaign_name",
    metrics: "clicks",
    date: "CUSTOM",
    start_date: "2026-01-01",
    end_date: "2026-01-01",
    accounts: JSON.stringify([{ id: "demo-paris", authorization_id: mine.sourceId }]),
    apikey: mine.apikey,
  };
}

const acc = (value: unknown) => ({ accounts: JSON.stringify(value) });
const fil = (value: unknown) => ({ filters: JSON.stringify(value) });

const CASES: Case[] = [
  { name: "no apikey", params: () => ({ apikey: null }), status: 401, parameter: "apikey" },
  { name: "empty apikey", params: () => ({ apikey: "" }), status: 401, parameter: "apikey" },
  { name: "wrong apikey", params: () => ({ apikey: "sp_not-a-real-key" }), status: 401, parameter: "apikey" },
  { name: "other company's apikey for my accounts", params: () => ({ apikey: theirs.apikey }), status: 404, parameter: "accounts" },
  { name: "apikey with spaces", params: () => ({ apikey: "   " }), status: 401, parameter: "apikey" },
  { name: "sql in apikey", params: () => ({ apikey: "' or 1=1 --" }), status: 401, parameter: "apikey" },
  { name: "no platform", params: () => ({ platform: null }), status: 400, parameter: "platform" },
  { name: "unknown platform", params: () => ({ platform: "myspace-ads" }), status: 404, parameter: "platform" },
  { name: "platform with slashes", params: () => ({ platform: "../../etc/passwd" }), status: 404, parameter: "platform" },
  { name: "coming-soon platform", params: () => ({ platform: "tiktok-ads" }), status: [400, 404], parameter: "platform" },
  { name: "no fields at all", params: () => ({ metrics: null, dimensions: null }), status: 400, parameter: "metrics" },
  { name: "empty fields", params: () => ({ metrics: "", dimensions: " , " }), status: 400, parameter: "metrics" },
  { name: "unknown metric", params: () => ({ metrics: "clickz" }), status: 400, parameter: "metrics" },
  { name: "unknown dimension", params: () => ({ dimensions: "country_of_origin" }), status: 400, parameter: "dimensions" },
  { name: "dimension given as metric", params: () => ({ metrics: "campaign_name", dimensions: "date" }), status: 400, parameter: "metrics" },
  { name: "metric given as dimension", params: () => ({ dimensions: "clicks", metrics: "cost" }), status: 400, parameter: "dimensions" },
  { name: "metric of another report", params: () => ({ metrics: "revenue" }), status: 400, parameter: "metrics" },
  { name: "field with injection", params: () => ({ metrics: "clicks;drop table users" }), status: 400, parameter: "metrics" },
  { name: "field asked twice", params: () => ({ metrics: "clicks,clicks" }), status: 400, parameter: "metrics" },
  { name: "no date", params: () => ({ date: null }), status: 400, parameter: "date" },
  { name: "unknown date preset", params: () => ({ date: "LAST_3_WEEKS" }), status: 400, parameter: "date" },
  { name: "CUSTOM without dates", params: () => ({ start_date: null, end_date: null }), status: 400, parameter: "start_date" },
  { name: "CUSTOM without end", params: () => ({ end_date: null }), status: 400, parameter: "end_date" },
  { name: "CUSTOM without start", params: () => ({ start_date: null }), status: 400, parameter: "start_date" },
  { name: "CUSTOM end before start", params: () => ({ start_date: "2026-02-10", end_date: "2026-02-01" }), status: 400, parameter: "end_date" },
  { name: "CUSTOM impossible day", params: () => ({ start_date: "2026-02-30" }), status: 400, parameter: "start_date" },
  { name: "CUSTOM wrong day format", params: () => ({ end_date: "01/02/2026" }), status: 400, parameter: "end_date" },
  { name: "SINCE without since", params: () => ({ date: "SINCE" }), status: 400, parameter: "since" },
  { name: "SINCE bad day", params: () => ({ date: "SINCE", since: "yesterday" }), status: 400, parameter: "since" },
  { name: "no accounts", params: () => ({ accounts: null }), status: 400, parameter: "accounts" },
  { name: "accounts not JSON", params: () => ({ accounts: "[{id:1}" }), status: 400, parameter: "accounts" },
  { name: "accounts empty list", params: () => acc([]), status: 400, parameter: "accounts" },
  { name: "accounts an object", params: () => acc({ id: "demo-paris", authorization_id: 1 }), status: 400, parameter: "accounts" },
  { name: "accounts a string", params: () => acc("demo-paris"), status: 400, parameter: "accounts" },
  { name: "account without authorization_id", params: () => acc([{ id: "demo-paris" }]), status: 400, parameter: "accounts" },
  { name: "account without id", params: () => acc([{ authorization_id: mine.sourceId }]), status: 400, parameter: "accounts" },
  { name: "authorization_id not a number", params: () => acc([{ id: "demo-paris", authorization_id: "abc" }]), status: 400, parameter: "accounts" },
  { name: "authorization_id negative", params: () => acc([{ id: "demo-paris", authorization_id: -4 }]), status: 400, parameter: "accounts" },
  { name: "another company's source", params: () => acc([{ id: "demo-paris", authorization_id: theirs.sourceId }]), status: 404, parameter: "accounts" },
  { name: "mine and theirs mixed", params: () => acc([{ id: "demo-paris", authorization_id: mine.sourceId }, { id: "demo-paris", authorization_id: theirs.sourceId }]), status: 404, parameter: "accounts" },
  { name: "account not activated", params: () => acc([{ id: "demo-tokyo", authorization_id: mine.sourceId }]), status: 404, parameter: "accounts" },
  { name: "source that does not exist", params: () => acc([{ id: "demo-paris", authorization_id: 999999 }]), status: 404, parameter: "accounts" },
  { name: "blocked account", params: () => acc([{ id: "demo-london", authorization_id: mine.sourceId }]), status: 403, parameter: "accounts" },
  { name: "account listed twice", params: () => acc([{ id: "demo-paris", authorization_id: mine.sourceId }, { id: "demo-paris", authorization_id: mine.sourceId }]), status: 400, parameter: "accounts" },
  { name: "filters not JSON", params: () => ({ filters: "field=clicks" }), status: 400, parameter: "filters" },
  { name: "filters an object", params: () => fil({ field: "clicks", type: "equals", value: 1 }), status: 400, parameter: "filters" },
  { name: "filter unknown type", params: () => fil([{ field: "clicks", type: "between", value: 1 }]), status: 400, parameter: "filters" },
  { name: "filter without field", params: () => fil([{ type: "equals", value: 1 }]), status: 400, parameter: "filters" },
  { name: "filter without value", params: () => fil([{ field: "campaign_name", type: "contains" }]), status: 400, parameter: "filters" },
  { name: "filter lower_than text", params: () => fil([{ field: "clicks", type: "lower_than", value: "many" }]), status: 400, parameter: "filters" },
  { name: "filter on unknown field", params: () => fil([{ field: "secret_column", type: "is_not_empty" }]), status: 400, parameter: "filters" },
  { name: "unknown format", params: () => ({ format: "xml" }), status: 400, parameter: "format" },
  { name: "format with injection", params: () => ({ format: "json<script>" }), status: 400, parameter: "format" },
  { name: "unknown report option", params: () => ({ options_report: "no_such_report" }), status: 400, parameter: "options_report" },
  { name: "option with bad name", params: () => ({ "options_a b": "1" }), status: 400, parameter: "options_a b" },
  { name: "hourly with a daily date", params: () => ({ options_granularity: "hour", metrics: "nonexistent_metric" }), status: 400, parameter: "metrics" },
  { name: "nocache=yes", params: () => ({ nocache: "yes" }), status: 400, parameter: "nocache" },
  { name: "nocache=true", params: () => ({ nocache: "true" }), status: 400, parameter: "nocache" },
  { name: "nocache=2", params: () => ({ nocache: "2" }), status: 400, parameter: "nocache" },
  { name: "nocache empty", params: () => ({ nocache: "" }), status: 400, parameter: "nocache" },
  { name: "huge accounts parameter", params: () => ({ accounts: "[" + "1,".repeat(15000) + "1]" }), status: 400, parameter: "accounts" },
];

const FORMATS = ["json", "csv", "tableau", "powerbi"] as const;

function build(c: Case, format: string): string {
  const params = { ...good(), format, ...c.params() } as Record<string, string | null>;
  if (c.name === "unknown format" || c.name === "format with injection") params.format = c.params().format!;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) search.set(k, v);
  return `http://localhost:3000/api/request?${search}`;
}

function parseCsvError(text: string): { error: string; parameter: string } {
  const [header, row] = text.trim().split(/\r?\n/);
  expect(header).toBe("error,parameter,code");
  const cells = row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"'));
  return { error: cells[0], parameter: cells[1] };
}

describe("malformed query URLs", () => {
  it(`answers ${CASES.length * FORMATS.length} malformed requests with a 4xx naming the parameter`, async () => {
    expect(CASES.length * FORMATS.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const c of CASES) {
      for (const format of FORMATS) {
        const res = (await route.loader({ request: new Request(build(c, format)), params: {}, context: {} })) as Response;
        const text = await res.text();
        const statuses = Array.isArray(c.status) ? c.status : [c.status];
        const where = `${c.name} [${format}]`;
        if (!statuses.includes(res.status)) failures.push(`${where}: status ${res.status} ${text.slice(0, 200)}`);
        if (res.status >= 500) failures.push(`${where}: 5xx`);
        // Never another company's data: no account names, no rows.
        if (/Theirs|Paris secret|"data":\[|"value":\[|date,campaign_name/.test(text)) failures.push(`${where}: leaked ${text.slice(0, 200)}`);
        const csvAnswer = format === "csv" && c.name !== "unknown format" && c.name !== "format with injection";
        if (csvAnswer) {
          expect(res.headers.get("content-type"), where).toMatch(/text\/csv/);
          const parsed = parseCsvError(text);
          if (parsed.parameter !== c.parameter) failures.push(`${where}: csv parameter ${parsed.parameter}, expected ${c.parameter}`);
          if (!parsed.error) failures.push(`${where}: empty csv message`);
        } else {
          expect(res.headers.get("content-type"), where).toMatch(/application\/json/);
          const body = JSON.parse(text);
          if (body.error?.parameter !== c.parameter) failures.push(`${where}: parameter ${body.error?.parameter}, expected ${c.parameter} (${body.error?.message})`);
          if (typeof body.error?.message !== "string" || body.error.message.length < 10) failures.push(`${where}: no message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("still answers the well-formed request (the base of every case is valid)", async () => {
    for (const format of FORMATS) {
      const res = (await route.loader({ request: new Request(build({ name: "ok", params: () => ({}), status: 200, parameter: "" }, format)), params: {}, context: {} })) as Response;
      expect(res.status, format).toBe(200);
      await res.text();
    }
  });
});
