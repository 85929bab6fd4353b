// The contract over the generated catalogue (issue 17 item 4): every field of every Google Ads
// report is requested at least once against the fake. Fields the API's rules allow FROM a report
// are read there (packed into compatible queries); the others must be refused by the connector
// before any request, and still be read from some report that offers them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { IncompatibleFieldsError } from "../../core/errors.js";
import type { Account, ConnectorContext, Row } from "../../core/types.js";
import { googleAdsConnector as connector } from "./connector.js";
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, startGoogleAdsFake, type GoogleAdsFake } from "./fake.js";
import { FIELD_BY_ID, GAQL_FIELDS_BY_REPORT } from "./fields.js";
import type { GeneratedGaqlField } from "./gaql-field.js";
import { googleAdsMetadata, incompatibilities } from "./metadata.js";
import { GOOGLE_ADS_REPORTS } from "./reports.js";

let fake: GoogleAdsFake;
let ctx: ConnectorContext;
beforeAll(async () => {
  fake = await startGoogleAdsFake();
  ctx = fakeContext(connector, fake, { credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" }, app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } } }).ctx;
});
afterAll(() => fake.close());

const account: Account = { id: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR" };
/** Segments per query: each splits rows by its members, so a few at a time keep answers small. */
const SEGMENTS_PER_QUERY = 5;
const readIds = new Set<string>();

async function readGroup(report: string, ids: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of connector.read(ctx, { accounts: [account], fields: ids, range: { start: "2025-03-03", end: "2025-03-03" }, options: { report } })) rows.push(...page.rows);
  return rows;
}

/** Checks each cell has the field's type: numbers for numeric metrics, booleans, text. */
function typeProblems(rows: Row[], fields: GeneratedGaqlField[]): string[] {
  const problems = new Set<string>();
  for (const row of rows) {
    for (const f of fields) {
      const value = row[f.id];
      if (!(f.id in row)) problems.add(`${f.id} missing`);
      else if (value === null) continue;
      else if (["NUMBER", "CURRENCY", "PERCENT", "HOUR"].includes(f.fieldType) && typeof value !== "number") problems.add(`${f.id} is ${typeof value}`);
      else if (f.fieldType === "BOOLEAN" && typeof value !== "boolean") problems.add(`${f.id} is ${typeof value}`);
    }
  }
  return [...problems];
}

describe("every field of every Google Ads report against the fake", () => {
  it.each(GOOGLE_ADS_REPORTS.map((r) => [r.id, r.resource]))("report %s (FROM %s)", async (report, resource) => {
    const meta = await googleAdsMetadata(ctx);
    const fields = GAQL_FIELDS_BY_REPORT[report];
    const unavailable = new Set(incompatibilities(meta, resource, fields, []).map((i) => i.fieldId));
    const available = fields.filter((f) => !unavailable.has(f.id));

    // Attributes and metrics combine freely: one query with the date.
    const plain = available.filter((f) => f.gaqlCategory !== "SEGMENT" && !incompatibilities(meta, resource, [f], [FIELD_BY_ID.get("date")!]).length);
    const withDate = [FIELD_BY_ID.get("date")!, ...plain];
    if (incompatibilities(meta, resource, [FIELD_BY_ID.get("date")!], []).length === 0) {
      const rows = await readGroup(report, withDate.map((f) => f.id));
      expect(rows.length, `${report}: rows for its metrics and attributes`).toBeGreaterThan(0);
      expect(typeProblems(rows, withDate)).toEqual([]);
      for (const f of withDate) readIds.add(`${report}/${f.id}`);
    }
    // The rest (segments, and metrics that refuse a date) in compatible groups.
    const rest = available.filter((f) => !readIds.has(`${report}/${f.id}`));
    while (rest.length > 0) {
      const group: GeneratedGaqlField[] = [];
      for (const f of [...rest]) {
        if (group.filter((g) => g.gaqlCategory === "SEGMENT").length >= SEGMENTS_PER_QUERY && f.gaqlCategory === "SEGMENT") continue;
        if (incompatibilities(meta, resource, [f], group).length > 0) continue;
        group.push(f);
        rest.splice(rest.indexOf(f), 1);
      }
      expect(group.length, `${report}: no field of ${rest.map((f) => f.id).join(", ")} can be read`).toBeGreaterThan(0);
      const rows = await readGroup(report, group.map((f) => f.id));
      expect(rows.length, `${report}: rows for ${group.map((f) => f.id).join(", ")}`).toBeGreaterThan(0);
      expect(typeProblems(rows, group)).toEqual([]);
      for (const f of group) readIds.add(`${report}/${f.id}`);
    }
    // What the API does not offer FROM this report is refused before any request.
    const before = fake.server.requestsTo(/googleAds:searchStream$/).length;
    for (const id of unavailable) {
      const error = await readGroup(report, [id]).catch((e: unknown) => e);
      expect(error, `${report}/${id}`).toBeInstanceOf(IncompatibleFieldsError);
    }
    expect(fake.server.requestsTo(/googleAds:searchStream$/).length).toBe(before);
  });

  it("has read every catalogue field from at least one report", () => {
    const everRead = new Set([...readIds].map((key) => key.split("/")[1]));
    const all = new Set(GOOGLE_ADS_REPORTS.flatMap((r) => GAQL_FIELDS_BY_REPORT[r.id].map((f) => f.id)));
    expect([...all].filter((id) => !everRead.has(id))).toEqual([]);
  });
});
