// A local Graph API for public page data: /{page-id or username} with public counters (Graph's
// (#803) error for unknown aliases) and /{page}/posts with reactions/comments summaries, shares,
// since/until and cursor paging. The credential carries the form's page list in options.accounts.
import { DateTime } from "luxon";
import type { Credential } from "../../core/types.js";
import { cursorPage, graphError, metricValue, startMetaFake, type MetaFake } from "../../../tests/fakes/support/meta-graph.js";

export const PUBLIC_PAGES = [
  { id: "5550001", username: "rivalbakery", name: "Rival Bakery", category: "Bakery" },
  { id: "5550002", username: "rivalbooks", name: "Rival Books", category: "Book Store" },
];
/** What the form holds: one id, one username, one alias that does not exist. */
export const FORM_ACCOUNTS = ["5550001", "rivalbooks", "no-such-page-xyz"];

export const pageCounters = (id: string) => ({ followers_count: metricValue(id, "followers", "now", 100_000), fan_count: metricValue(id, "fans", "now", 90_000), talking_about_count: metricValue(id, "talking", "now", 3_000), overall_star_rating: 4.6, rating_count: metricValue(id, "ratings", "now", 900) });

/** 80 public posts of the first page, one every 10 hours from 2025-02-01T16:00Z. */
export function publicPosts(pageId: string) {
  return Array.from({ length: pageId === PUBLIC_PAGES[0].id ? 80 : 0 }, (_, n) => {
    const id = `${pageId}_${900 + n}`;
    return {
      id,
      created_time: DateTime.fromISO("2025-02-01T16:00:00Z").plus({ hours: 10 * n }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'+0000'"),
      message: `Public post ${n}`,
      permalink_url: `https://www.facebook.com/${pageId}/posts/${900 + n}`,
      shares: { count: metricValue(id, "shares", "life", 40) },
      reactions: { data: [], summary: { total_count: metricValue(id, "reactions", "life", 500), viewer_reaction: "NONE" } },
      comments: { data: [], summary: { order: "ranked", total_count: metricValue(id, "comments", "life", 60), can_comment: false } },
    };
  });
}

export async function startFacebookPublicDataFake(): Promise<MetaFake> {
  const fake = await startMetaFake({ name: "fbpublic", pages: [{ id: "1009", name: "My Own Page", token: "EAAGpage-1009-token-0123456789" }] });
  fake.credential = { ...fake.credential, options: { accounts: FORM_ACCOUNTS } } as Credential;
  // Pages of 30 posts, so a two-month read pages through cursors.
  fake.options.pageSize = 30;
  fake.route("GET", "/:page/posts", (req) => {
    const since = Number(req.query.get("since"));
    const until = Number(req.query.get("until"));
    const posts = publicPosts(req.params.page).filter((p) => {
      const at = DateTime.fromISO(p.created_time.replace("+0000", "Z")).toSeconds();
      return at >= since && at < until;
    });
    return cursorPage(fake.server, req, posts, fake.options.pageSize);
  });
  fake.route("GET", "/:page", (req) => {
    const found = PUBLIC_PAGES.find((p) => p.id === req.params.page || p.username === req.params.page);
    if (!found) return graphError(404, 803, "(#803) Some of the aliases you requested do not exist: " + req.params.page);
    return { json: { ...found, link: `https://www.facebook.com/${found.username}`, ...pageCounters(found.id) } };
  });
  return fake;
}

export const FB_PUBLIC_CREDENTIAL = { type: "oauth2", accessToken: "EAAGfbpublic-user-token-0123456789", options: { accounts: FORM_ACCOUNTS } } as Credential;
