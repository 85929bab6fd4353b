// A local Graph API for Facebook Pages: /me/accounts with Page tokens, /{page}/insights (daily
// series, Page token only) and /{page}/published_posts with lifetime insights and cursor paging.
import { DateTime } from "luxon";
import { cursorPage, dailySeries, graphError, hasPageToken, insightDays, metricValue, startMetaFake, type FakePage, type MetaFake } from "../../../tests/fakes/support/meta-graph.js";

export const FB_PAGES: FakePage[] = [
  { id: "1001", name: "Signal Bakery", token: "EAAGpage-1001-token-0123456789" },
  { id: "1002", name: "Signal Books", token: "EAAGpage-1002-token-0123456789" },
];

/** Posts of a page: one every 8 hours from 2025-02-01, ids {page}_{n}. */
export function fakePosts(pageId: string) {
  return Array.from({ length: pageId === "1001" ? 150 : 0 }, (_, n) => ({
    id: `${pageId}_${7000 + n}`,
    created_time: DateTime.fromISO("2025-02-01T17:00:00Z").plus({ hours: 8 * n }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'+0000'"),
    message: `Post number ${n}`,
    permalink_url: `https://www.facebook.com/${pageId}/posts/${7000 + n}`,
    status_type: n % 3 === 0 ? "added_video" : "added_photos",
  }));
}

export async function startFacebookPagesFake(): Promise<MetaFake> {
  const fake = await startMetaFake({ name: "pages", pages: FB_PAGES });
  fake.route("GET", "/:page/insights", (req) => {
    if (!hasPageToken(fake, req, req.params.page)) return graphError(400, 190, "(#190) This method must be called with a Page Access Token");
    const metrics = (req.query.get("metric") ?? "").split(",").filter(Boolean);
    return { json: dailySeries(req.params.page, metrics, insightDays(Number(req.query.get("since")), Number(req.query.get("until")))) };
  });
  fake.route("GET", "/:page/published_posts", (req) => {
    if (!hasPageToken(fake, req, req.params.page)) return graphError(400, 190, "(#190) This method must be called with a Page Access Token");
    const since = Number(req.query.get("since"));
    const until = Number(req.query.get("until"));
    const metrics = /insights\.metric\(([^)]*)\)/.exec(req.query.get("fields") ?? "")?.[1].split(",") ?? [];
    const posts = fakePosts(req.params.page)
      .filter((p) => {
        const at = DateTime.fromISO(p.created_time.replace("+0000", "Z")).toSeconds();
        return at >= since && at < until;
      })
      .map((p) => ({ ...p, insights: { data: metrics.map((name) => ({ name, period: "lifetime", values: [{ value: name === "post_reactions_by_type_total" ? { like: metricValue(p.id, "like", "life", 50), love: metricValue(p.id, "love", "life", 10) } : metricValue(p.id, name, "life") }] })) } }));
    return cursorPage(fake.server, req, posts, fake.options.pageSize);
  });
  return fake;
}
