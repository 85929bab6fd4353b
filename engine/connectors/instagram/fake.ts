// A local Graph API for Instagram professional accounts: /me/accounts with linked
// instagram_business_account, /{ig}/insights with metric_type=total_value (one figure for the
// since/until window) and /{ig}/media with since/until, cursor paging and lifetime insights.
import { DateTime } from "luxon";
import { cursorPage, graphError, insightDays, metricValue, startMetaFake, type FakePage, type MetaFake } from "../../../tests/fakes/support/meta-graph.js";

export const IG_PAGES: FakePage[] = [
  { id: "2001", name: "Signal Bakery", token: "EAAGpage-2001-token-0123456789", instagram: { id: "17841400000000001", username: "signal.bakery", name: "Signal Bakery" } },
  { id: "2002", name: "Signal Books", token: "EAAGpage-2002-token-0123456789", instagram: { id: "17841400000000002", username: "signal.books", name: "Signal Books" } },
  { id: "2003", name: "No Instagram", token: "EAAGpage-2003-token-0123456789" },
];

/** Media of an account: one every 12 hours from 2025-02-01 for the first account only. */
export function fakeMedia(igId: string) {
  return Array.from({ length: igId === IG_PAGES[0].instagram!.id ? 120 : 0 }, (_, n) => ({
    id: `1790000000${1000 + n}`,
    timestamp: DateTime.fromISO("2025-02-01T18:00:00Z").plus({ hours: 12 * n }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'+0000'"),
    caption: `Fresh bread #${n}`,
    media_type: n % 4 === 0 ? "VIDEO" : "IMAGE",
    media_product_type: n % 4 === 0 ? "REELS" : "FEED",
    permalink: `https://www.instagram.com/p/FAKE${n}/`,
    like_count: metricValue(`m${n}`, "likes", "life", 300),
    comments_count: metricValue(`m${n}`, "comments", "life", 30),
  }));
}

export async function startInstagramFake(): Promise<MetaFake> {
  const fake = await startMetaFake({ name: "instagram", pages: IG_PAGES, userName: "Ada Instagram" });
  fake.route("GET", "/:ig/insights", (req) => {
    if (req.query.get("metric_type") !== "total_value") return graphError(400, 100, "(#100) metric_type=total_value is required for the requested metrics");
    const days = insightDays(Number(req.query.get("since")), Number(req.query.get("until")));
    if (days.length === 0) return { json: { data: [] } };
    const metrics = (req.query.get("metric") ?? "").split(",");
    return { json: { data: metrics.map((name) => ({ name, period: "day", title: name, total_value: { value: days.reduce((s, d) => s + metricValue(req.params.ig, name, d), 0) }, id: `${req.params.ig}/insights/${name}/day` })) } };
  });
  fake.route("GET", "/:ig/media", (req) => {
    const since = Number(req.query.get("since"));
    const until = Number(req.query.get("until"));
    const metrics = /insights\.metric\(([^)]*)\)/.exec(req.query.get("fields") ?? "")?.[1].split(",") ?? [];
    const media = fakeMedia(req.params.ig)
      .filter((m) => {
        const at = DateTime.fromISO(m.timestamp.replace("+0000", "Z")).toSeconds();
        return at >= since && at < until;
      })
      .map((m) => ({ ...m, insights: { data: metrics.map((name) => ({ name, period: "lifetime", values: [{ value: metricValue(m.id, name, "life") }] })) } }));
    return cursorPage(fake.server, req, media, fake.options.pageSize);
  });
  return fake;
}
