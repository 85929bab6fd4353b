import { expect } from "vitest";
import { pageCounters, PUBLIC_PAGES, publicPosts, startFacebookPublicDataFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { GRAPH_RATE_LIMITED, GRAPH_SERVER_ERROR, GRAPH_UNAUTHORIZED } from "../../../tests/fakes/support/meta-graph.js";
import { facebookPublicDataConnector } from "./connector.js";

const [rival] = PUBLIC_PAGES;
const inDay = (day: string) => publicPosts(rival.id).filter((p) => p.created_time.slice(0, 10) === day);

behaviourSuite({
  connector: facebookPublicDataConnector,
  start: startFacebookPublicDataFake,
  dataPath: "/v26.0/:page/posts",
  read: { accounts: [rival.id], fields: ["post_id", "reactions", "comments", "shares"], range: { start: "2025-02-01", end: "2025-02-01" }, options: { report: "posts" } },
  unauthorized: GRAPH_UNAUTHORIZED,
  rateLimited: GRAPH_RATE_LIMITED,
  serverError: GRAPH_SERVER_ERROR,
  listAccounts(accounts) {
    // The form's list: an id, a username resolved to its id, and an alias that does not exist.
    expect(accounts).toEqual([
      { id: rival.id, name: "Rival Bakery", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: PUBLIC_PAGES[1].id, name: "Rival Books", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "no-such-page-xyz", name: "no-such-page-xyz (not found)", timezone: "America/Los_Angeles", currency: "USD", status: "disabled" },
    ]);
  },
  singlePage(rows, fake) {
    // 16:00Z (08:00 PT) on Feb 1, then 02:00Z Feb 2 (18:00 PT Feb 1), 12:00Z Feb 2 (Feb 2 PT).
    const posts = publicPosts(rival.id).slice(0, 2);
    expect(rows).toEqual(posts.map((p) => ({ post_id: p.id, reactions: p.reactions.summary.total_count, comments: p.comments.summary.total_count, shares: p.shares.count })));
    const [call] = fake.server.requestsTo("/v26.0/:page/posts");
    expect(call.query.get("fields")).toContain("reactions.summary(total_count).limit(0)");
    expect(call.headers.authorization).toBe(`Bearer ${fake.userToken}`);
    expect(inDay("2025-02-01")).toHaveLength(1);
  },
  pagination: {
    read: { fields: ["date", "posts", "interactions"], range: { start: "2025-02-01", end: "2025-03-31" } },
    pages: 3,
    check(rows) {
      expect(rows.reduce((s, r) => s + Number(r.posts), 0)).toBe(80);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads every page's public counters as a snapshot": async ({ read }) => {
      const rows = await read({ accounts: PUBLIC_PAGES.map((p) => p.id), options: { report: "page" }, fields: ["page_name", "followers", "likes"] });
      expect(rows).toEqual(PUBLIC_PAGES.map((p) => ({ page_name: p.name, followers: pageCounters(p.id).followers_count, likes: pageCounters(p.id).fan_count })));
    },
    "keeps the form's page list when it upgrades a short-lived token": async ({ ctx, fake, refreshed }) => {
      const shortLived = { ...fake.credential, expiresAt: new Date(Date.now() + 3_600_000).toISOString() } as typeof fake.credential;
      await facebookPublicDataConnector.listAccounts(ctx(shortLived));
      expect(fake.server.requestsTo("/v26.0/oauth/access_token")).toHaveLength(1);
      expect(refreshed).toEqual([expect.objectContaining({ type: "oauth2", accessToken: fake.userToken, options: { accounts: ["5550001", "rivalbooks", "no-such-page-xyz"] } })]);
    },
    "lists the user's own pages when the form holds no page": async ({ ctx, fake }) => {
      const accounts = await facebookPublicDataConnector.listAccounts(ctx({ type: "oauth2", accessToken: fake.userToken }));
      expect(accounts.map((a) => [a.id, a.name])).toEqual([["1009", "My Own Page"]]);
    },
  },
});
