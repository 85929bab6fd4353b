// A local Piano Analytics Data Query API v3: x-api-key "{access}_{secret}", POST /v3/data/getData
// (columns, space.s, period.p1 of type D, max-results, page-num; DataFeed.Rows) and
// /v3/data/getRowCount. Wire format: https://developers.atinternet-solutions.com/piano-analytics/data-api/getting-started
import { activeDays } from "../../../tests/fakes/support/ads-family.js";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { grouped, type Fact } from "../../../tests/fakes/support/grouped.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const PIANO_CREDENTIAL = { type: "api-key" as const, key: "PIANOACCESS0123", secret: "pianosecret-4567-89ab", options: { siteId: ["612345", "612346"] } };
export const PIANO_UNAUTHORIZED: FakeReply = { status: 401, json: { ErrorMessage: "Authentication failed: invalid API key", ErrorType: "Unauthorized" } };
const SOURCES = ["Direct traffic", "Search engines", "Social media"];
const DEVICES = ["Desktop", "Mobile Phone"];

export function pianoFacts(site: string, date: string): Fact[] {
  const out: Fact[] = [];
  for (const src of SOURCES) for (const device of DEVICES) {
    const r = seeded(`${site}|${date}|${src}|${device}`);
    const visits = 3 + Math.floor(r * 60);
    out.push({ dims: { date, src, device_type: device, geo_country: "France" }, values: { m_visits: visits, m_visitors: Math.floor(visits * 0.9), m_page_loads: visits * 4, bounces: Math.floor(visits * r * 0.4) } });
  }
  return out;
}

export function pianoRows(site: string, start: string, end: string, columns: string[]): Record<string, unknown>[] {
  const props = columns.filter((c) => !c.startsWith("m_"));
  return grouped(activeDays(start, end).flatMap((d) => pianoFacts(site, d)), props).map((g) => ({
    ...Object.fromEntries(props.map((p, i) => [p, g.keys[i]])),
    ...Object.fromEntries(columns.filter((c) => c.startsWith("m_")).map((c) => [c, c === "m_bounce_rate" ? Math.round((g.sums.bounces / g.sums.m_visits) * 1e4) / 1e4 : g.sums[c]])),
  }));
}

export async function startPianoFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  const route = guardedRoutes(server, (req) => req.headers["x-api-key"] === `${PIANO_CREDENTIAL.key}_${PIANO_CREDENTIAL.secret}`, () => PIANO_UNAUTHORIZED);
  const siteOf = (body: { space?: { s?: number[] } }) => PIANO_CREDENTIAL.options.siteId.find((s) => body.space?.s?.[0] === Number(s));
  route("POST", "/v3/data/getRowCount", (req) => (siteOf(req.json()) ? { json: { RowCounts: [{ RowCount: 1 }] } } : { status: 403, json: { ErrorMessage: "Access denied to site", ErrorType: "Forbidden" } }));
  route("POST", "/v3/data/getData", (req) => {
    const body = req.json<{ columns: string[]; space: { s: number[] }; period: { p1: { type: string; start: string; end: string }[] }; "max-results"?: number; "page-num"?: number }>();
    const site = siteOf(body);
    if (!site) return { status: 403, json: { ErrorMessage: "Access denied to site", ErrorType: "Forbidden" } };
    const [p] = body.period.p1;
    if (p.type !== "D") return { status: 400, json: { ErrorMessage: "Invalid period", ErrorType: "BadRequest" } };
    const size = body["max-results"] ?? 50;
    const page = body["page-num"] ?? 1;
    const rows = pianoRows(site, p.start, p.end, body.columns).slice((page - 1) * size, page * size);
    return { json: { DataFeed: { Columns: body.columns.map((c) => ({ Name: c, Category: c.startsWith("m_") ? "Metric" : "Dimension" })), Rows: rows, Context: { Periods: [{ Value: `${p.start} - ${p.end}` }] } } } };
  });
  return { server, baseUrl: `${server.url}/v3`, credential: PIANO_CREDENTIAL, close: () => server.close() };
}
