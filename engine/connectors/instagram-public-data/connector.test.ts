import { expect } from "vitest";
import { discoveredMedia, OWN_IG, profileOf, startInstagramPublicDataFake, TARGETS } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { GRAPH_RATE_LIMITED, GRAPH_SERVER_ERROR, GRAPH_UNAUTHORIZED } from "../../../tests/fakes/support/meta-graph.js";
import { instagramPublicDataConnector } from "./connector.js";

const [rival] = TARGETS;
const media = discoveredMedia(rival.username);
const since = (day: string) => media.filter((m) => Date.parse(m.timestamp.replace("+0000", "Z")) >= Date.parse(`${day}T08:00:00Z`));

behaviourSuite({
  connector: instagramPublicDataConnector,
  start: startInstagramPublicDataFake,
  dataPath: `/v26.0/${OWN_IG.id}`,
  // listAccounts asks for the profile only; data requests expand media.
  isDataRequest: (req) => (req.query.get("fields") ?? "").includes("{media"),
  read: { accounts: [rival.username], fields: ["media_id", "likes", "comments"], range: { start: "2025-03-01", end: "2025-03-10" }, options: { report: "media" } },
  unauthorized: GRAPH_UNAUTHORIZED,
  rateLimited: GRAPH_RATE_LIMITED,
  serverError: GRAPH_SERVER_ERROR,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "rival.bakery", name: "@rival.bakery", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "rival.books", name: "@rival.books", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "private.person", name: "@private.person (not a public professional account)", timezone: "America/Los_Angeles", currency: "USD", status: "disabled" },
    ]);
  },
  singlePage(rows, fake) {
    // Mar 1-10 (PT) holds 26 media: the first page of 50 already reaches past Mar 1.
    const expected = since("2025-03-01").filter((m) => m.timestamp < "2025-03-11T08");
    expect(rows).toEqual(expected.map((m) => ({ media_id: m.id, likes: m.like_count, comments: m.comments_count })));
    const call = fake.server.requestsTo(`/v26.0/${OWN_IG.id}`).at(-1)!;
    expect(call.query.get("fields")).toBe("business_discovery.username(rival.bakery){media.limit(50){id,timestamp,caption,media_type,media_product_type,permalink,like_count,comments_count}}");
  },
  pagination: {
    // Feb 1 - Mar 10: 104 media, three pages of 50 (the third reaches past Feb 1).
    read: { fields: ["date", "media", "likes"], range: { start: "2025-02-01", end: "2025-03-10" } },
    pages: 3,
    check(rows, fake) {
      expect(rows.reduce((s, r) => s + Number(r.media), 0)).toBe(since("2025-02-01").length);
      expect(fake.server.requestsTo(`/v26.0/${OWN_IG.id}`).at(-1)!.query.get("fields")).toContain("media.after(");
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads the accounts' public counters as a snapshot": async ({ read }) => {
      const rows = await read({ accounts: TARGETS.map((t) => t.username), options: { report: "profile" }, fields: ["username", "followers", "media_count"] });
      expect(rows).toEqual(TARGETS.map((t) => ({ username: t.username, followers: profileOf(t).followers_count, media_count: 130 })));
    },
  },
});
