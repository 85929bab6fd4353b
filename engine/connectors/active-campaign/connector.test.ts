import { expect } from "vitest";
import { DateTime } from "luxon";
import { ACTIVE_CAMPAIGN_FORBIDDEN, ACTIVE_CAMPAIGN_KEY, startActiveCampaignFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { activeCampaignConnector } from "./connector.js";

const utcDay = (iso: string) => DateTime.fromISO(iso).toUTC().toFormat("yyyy-MM-dd");

behaviourSuite({
  connector: activeCampaignConnector,
  start: startActiveCampaignFake,
  dataPath: "/api/3/campaigns",
  // The newest page (January 31 back to January 7, 20:00 Chicago) already reaches past the range start.
  read: { fields: ["date", "campaigns", "sent", "unique_opens", "open_rate"], range: { start: "2025-01-30", end: "2025-01-31" } },
  unauthorized: { ...ACTIVE_CAMPAIGN_FORBIDDEN, status: 401 },
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "signal", name: "signal", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const day = (d: string) => fake.campaigns.filter((c) => utcDay(c.sdate) === d);
    expect(rows).toEqual(
      ["2025-01-31", "2025-01-30"].map((d) => {
        const cs = day(d);
        const sent = cs.reduce((s, c) => s + Number(c.send_amt), 0);
        const opens = cs.reduce((s, c) => s + Number(c.uniqueopens), 0);
        return { date: d, campaigns: cs.length, sent, unique_opens: opens, open_rate: Math.round((opens / sent) * 1e4) / 1e4 };
      }),
    );
    expect(fake.server.requestsTo("/api/3/campaigns")[0].headers["api-token"]).toBe(ACTIVE_CAMPAIGN_KEY);
  },
  pagination: {
    // 124 campaigns: the first page stops at January 7, so the January read needs the second.
    read: { fields: ["campaign_type", "campaigns"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      // The 20:00 Chicago send of January 31 is February 1 in UTC.
      const inJanuary = (type: string) => fake.campaigns.filter((c) => c.type === type && utcDay(c.sdate) <= "2025-01-31").length;
      expect(rows).toEqual([
        { campaign_type: "single", campaigns: inJanuary("single") },
        { campaign_type: "split", campaigns: inJanuary("split") },
      ]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "maps ActiveCampaign's 403 Forbidden for a bad token to reconnect": async ({ read, fake }) => {
      await expect(read({}, undefined, () => fake.server.once("GET", "/api/3/campaigns", ACTIVE_CAMPAIGN_FORBIDDEN))).rejects.toMatchObject({ kind: "config", message: expect.stringMatching(/reconnect/) });
    },
  },
});
