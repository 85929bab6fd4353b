// A job's date preset means the days a query URL's preset means (issue 14): for every preset, now
// and timezone, the days a run is asked for are exactly the days executeQuery reads for the same
// account, and the only other days a run reads are the platform's revisable days before them.
import { describe, expect, it } from "vitest";
import { getConnector } from "../../engine/connectors/registry.js";
import { createConnectorContext } from "../../engine/core/context.js";
import { accountTimezone, DATE_PRESETS, eachDay, restatementDays } from "../../engine/core/dates.js";
import type { Connector, DateRange } from "../../engine/core/types.js";
import { executeQuery } from "../../engine/query/execute.js";
import { jobRunDays } from "./data-streams.js";

/** The demo connector, recording the range each read asks for instead of reading. */
function recording(timezone: Connector["timezone"], restatement: number) {
  const ranges: DateRange[] = [];
  const demo = getConnector("demo");
  const connector: Connector = {
    ...demo,
    timezone,
    restatementDays: restatement,
    async *read(_ctx, request) {
      ranges.push(request.range);
      yield { rows: [] };
    },
  };
  return { connector, ranges };
}

/** The days a query URL reads for this preset and account, as the query engine resolves them. */
async function queryUrlDays(connector: Connector, account: { timezone: string }, date: { preset: string; start?: string; end?: string; since?: string }, now: Date) {
  const ranges = (connector as Connector & { ranges?: DateRange[] }).ranges;
  const ctx = createConnectorContext(connector, { credential: { type: "api-key", key: "demo" } });
  const result = await executeQuery(
    { getConnector: () => connector },
    { platform: "demo", accounts: [{ id: "demo-001", name: "Acme", timezone: account.timezone, currency: "EUR" }], dimensions: ["date"], metrics: ["clicks"], date: date as never, options: { report: "campaigns" } },
    () => ctx,
    { now },
  );
  for await (const _ of result.rows);
  return ranges;
}

const NOWS = ["2026-01-01T00:30:00Z", "2026-03-29T01:30:00Z", "2026-06-15T12:00:00Z", "2026-11-25T23:30:00Z"].map((s) => new Date(s));
const ZONES = ["Europe/Paris", "America/Los_Angeles", "Pacific/Auckland", null];
const HANDLING: Connector["timezone"][] = ["account", { fixed: "Asia/Tokyo" }];

describe("a job's date preset and the query URL's", () => {
  for (const preset of DATE_PRESETS) {
    it(`${preset}: a run asks for the query URL's days, and only re-fetches revisable days before them`, async () => {
      const date = { preset, start: "2025-12-01", end: "2025-12-10", since: "2025-12-20" };
      for (const handling of HANDLING)
        for (const zone of ZONES)
          for (const restatement of [0, 3, 30])
            for (const now of NOWS) {
              const { connector, ranges } = recording(handling, restatement);
              // The same rule the query URL and the worker use for the account's timezone.
              const timezone = accountTimezone(handling, { timezone: zone, listed: "Europe/Berlin" });
              await queryUrlDays(Object.assign(connector, { ranges }), { timezone }, date, now);
              const query = ranges[0]!;
              const job = jobRunDays({ date: preset, startDate: preset === "SINCE" ? date.since : date.start, endDate: date.end }, timezone, restatement, now);
              const where = `${preset} ${JSON.stringify(handling)} ${zone} r=${restatement} ${now.toISOString()}`;
              expect(job.requested, where).toEqual(query);
              // Nothing after the preset's last day (no partial "today" for a preset ending yesterday).
              expect(job.range.end, where).toBe(query.end);
              const extra = eachDay(job.range).filter((d) => d < query.start);
              expect(extra, where).toEqual(job.refetched ? eachDay(job.refetched) : []);
              const revisable = new Set(restatementDays(restatement, { timezone, now }));
              expect(extra.every((d) => revisable.has(d)), where).toBe(true);
              if (preset === "CUSTOM") expect(job.refetched, where).toBeNull();
            }
    });
  }

  it("YESTERDAY with a 3-day restatement window re-fetches the 2 days before yesterday, LAST_7_DAYS nothing", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(jobRunDays({ date: "YESTERDAY", startDate: null, endDate: null }, "UTC", 3, now)).toEqual({
      requested: { start: "2026-11-24", end: "2026-11-24" },
      refetched: { start: "2026-11-22", end: "2026-11-23" },
      range: { start: "2026-11-22", end: "2026-11-24" },
    });
    expect(jobRunDays({ date: "LAST_7_DAYS", startDate: null, endDate: null }, "UTC", 3, now)).toEqual({
      requested: { start: "2026-11-18", end: "2026-11-24" },
      refetched: null,
      range: { start: "2026-11-18", end: "2026-11-24" },
    });
  });
});
