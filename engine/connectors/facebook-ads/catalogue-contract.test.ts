// The contract over the generated catalogue (issue 17 item 4): every field of every Meta Ads
// report (level) is requested at least once against the fake, packed into requests Meta's
// combination rules allow (rules.ts, the connector's incompatibleFields).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectorContext } from "../../core/context.js";
import type { Account, Row } from "../../core/types.js";
import { createFacebookAdsConnector } from "./connector.js";
import { FB_ACCOUNTS, FB_APP, FB_TOKEN, startFacebookFake, type FacebookFake } from "./fake.js";
import { FIELD_BY_ID, FIELDS_OF_REPORT, REPORTS } from "./fields.js";

const connector = createFacebookAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
let fake: FacebookFake;
beforeAll(async () => {
  fake = await startFacebookFake();
});
afterAll(() => fake.close());

const account: Account = { id: "1001", name: FB_ACCOUNTS[0].name, timezone: FB_ACCOUNTS[0].timezone_name, currency: FB_ACCOUNTS[0].currency };

async function readGroup(report: string, ids: string[]): Promise<Row[]> {
  const ctx = createConnectorContext(connector, { credential: { type: "oauth2", accessToken: FB_TOKEN }, app: FB_APP, baseUrl: fake.baseUrl, retry: { retries: 0 } });
  const rows: Row[] = [];
  for await (const page of connector.read(ctx, { accounts: [account], fields: ids, range: { start: "2025-03-03", end: "2025-03-03" }, options: { report } })) rows.push(...page.rows);
  return rows;
}

describe("every field of every Meta Ads report against the fake", () => {
  it.each(REPORTS.map((r) => [r.id, r.level]))("report %s (level %s)", async (report) => {
    const rest = [...FIELDS_OF_REPORT[report]];
    const problems: string[] = [];
    let requests = 0;
    while (rest.length > 0) {
      // Greedy: add each field the rules still allow with the group so far (Meta's rules are pairwise).
      const group: string[] = [];
      let greyed = new Set<string>();
      for (const field of [...rest]) {
        if (greyed.has(field.id)) continue;
        group.push(field.id);
        rest.splice(rest.indexOf(field), 1);
        greyed = new Set((await connector.incompatibleFields!(undefined, { report, selected: group })).map((c) => c.fieldId));
        expect(group.filter((id) => greyed.has(id)), "a group the rules refuse").toEqual([]);
      }
      expect(group.length, `${report}: none of ${rest.map((f) => f.id).join(", ")} can be requested`).toBeGreaterThan(0);
      const rows = await readGroup(report, group);
      requests += 1;
      if (rows.length === 0) problems.push(`no rows for ${group.join(", ")}`);
      for (const row of rows.slice(0, 50)) {
        for (const id of group) {
          const f = FIELD_BY_ID.get(id)!;
          if (!(id in row)) problems.push(`${id} missing`);
          else if (row[id] !== null && f.type === "metric" && typeof row[id] !== "number") problems.push(`${id} is ${typeof row[id]}`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    expect(requests).toBeGreaterThan(1);
  });
});
