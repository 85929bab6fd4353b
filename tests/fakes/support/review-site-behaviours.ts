// The behaviour table spec every review-site connector hands behaviourSuite against its
// review-site fake: the platform's test file only names its connector, fake and review-page path.
import { expect } from "vitest";
import type { Connector } from "../../../engine/core/types.js";
import { REVIEW_USER_AGENT } from "../../../engine/connectors/shared/review-sites.js";
import { collectRows } from "../../../engine/core/pages.js";
import type { BehaviourSpec } from "./behaviours.js";
import { fakeContext } from "./connector-context.js";
import { averageOf, REVIEW_UNAUTHORIZED, type ReviewSiteFake } from "./review-site.js";

export interface ReviewSiteCase {
  connector: Connector;
  start(): Promise<ReviewSiteFake>;
  /** The review page's path (no query) for an identifier, as the site spells it. */
  pagePath(identifier: string): string;
}

export function reviewSiteSpec({ connector, start, pagePath }: ReviewSiteCase): BehaviourSpec<ReviewSiteFake> {
  // The 1 request/second/host politeness is checked once below; the table runs without spacing.
  const fast: Connector = { ...connector, rateLimit: { maxConcurrent: 1, minTimeMs: 0 } };
  const isPage = (path: string) => path !== "/robots.txt";
  const dataPath = /^\/(?!robots\.txt$).*/;
  let first = "";
  return {
    connector: fast,
    start: async () => {
      const fake = await start();
      first = [...fake.reviews.keys()][0]!;
      return fake;
    },
    dataPath,
    read: { fields: ["date", "review_id", "author", "rating", "title", "body", "rating_value", "review_count"], range: { start: "2026-03-25", end: "2026-03-31" }, get accounts() { return [first]; } },
    unauthorized: REVIEW_UNAUTHORIZED,
    listAccounts(accounts, fake) {
      expect(accounts.map((a) => a.id)).toEqual([...fake.reviews.keys()]);
      expect(accounts[0]).toMatchObject({ timezone: "UTC", status: "active" });
    },
    singlePage(rows, fake) {
      const reviews = fake.reviews.get(first)!;
      expect(rows).toHaveLength(7);
      expect(rows[0]).toEqual({ date: "2026-03-31", review_id: reviews[0]!.id, author: "Author 0", rating: 1, title: "Title 0", body: `Review 0 of ${first}`, rating_value: averageOf(reviews), review_count: 40 });
      const [robots, page] = fake.server.requests;
      expect(robots!.path).toBe("/robots.txt");
      expect(page!.path).toBe(pagePath(first));
      expect(page!.headers["user-agent"]).toBe(REVIEW_USER_AGENT);
      expect(page!.headers.authorization).toBeUndefined();
    },
    pagination: {
      // 10 reviews a page, newest first: March needs pages 1-4, page 4 reaches February.
      read: { range: { start: "2026-03-01", end: "2026-03-31" }, fields: ["date", "rating"] },
      pages: 4,
      check(rows, fake) {
        expect(rows.map((r) => r.date)).toEqual(fake.reviews.get(first)!.slice(0, 31).map((r) => r.date));
        expect(fake.server.requests.filter((r) => isPage(r.path)).map((r) => r.query.get("page"))).toEqual([null, "2", "3", "4"]);
      },
    },
    empty: { read: { range: { start: "2026-04-01", end: "2026-04-30" } } },
    more: {
      "honours robots.txt and fetches nothing it disallows": async ({ fake, ctx }) => {
        fake.robots.text = `User-agent: SignalpostBot\nDisallow: ${pagePath(first)}\n`;
        const error = await collectRows(fast.read(ctx(), { accounts: [{ id: first, name: first, timezone: "UTC", currency: "XXX" }], fields: ["date"], range: { start: "2026-03-25", end: "2026-03-31" } })).catch((e: unknown) => e);
        expect(error).toMatchObject({ kind: "config", message: expect.stringMatching(/robots\.txt/) });
        expect(fake.server.requests.filter((r) => isPage(r.path))).toHaveLength(0);
      },
      "spaces requests one second apart per host": async ({ fake }) => {
        const { ctx } = fakeContext(connector, fake, { credential: fake.credential });
        const started = Date.now();
        await collectRows(connector.read(ctx, { accounts: [{ id: first, name: first, timezone: "UTC", currency: "XXX" }], fields: ["date"], range: { start: "2026-03-25", end: "2026-03-31" } }));
        expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      },
      "maps an unknown identifier to a config error": async ({ fake, ctx }) => {
        const context = ctx({ type: "api-key", key: "void", options: { accounts: "does-not-exist-404" } });
        await expect(connector.check(context)).rejects.toMatchObject({ kind: "config" });
        expect(fake.server.requests.length).toBeGreaterThan(0);
      },
    },
  };
}
