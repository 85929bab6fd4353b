// A local YouTube for connector tests: Data API v3 GET /youtube/v3/channels (mine=true, pageToken)
// and Analytics API v2 GET /v2/reports (ids=channel==X, metrics, dimensions, sort, startIndex,
// maxResults; a columnHeaders + rows table), Google's error envelope and token endpoint.
// Wire format: https://developers.google.com/youtube/analytics/reference/reports/query
import { activeDays, GOOGLE_UNAUTHENTICATED, googleStatus, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import { grouped, type Fact } from "../../../tests/fakes/support/grouped.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const CHANNELS = [
  { id: "UCacme000000000000000001", title: "Acme TV" },
  { id: "UCacme000000000000000002", title: "Acme Shorts" },
];
const COUNTRIES = ["FR", "US", "DE"];
const VIDEOS = ["dQw4w9WgXcQ", "9bZkp7q5f0w", "kJQP7kiw5Fk"];
const METRICS = ["views", "estimatedMinutesWatched", "likes", "comments", "shares", "subscribersGained", "subscribersLost"];

export function ytFacts(channel: string, date: string): Fact[] {
  const out: Fact[] = [];
  for (const country of COUNTRIES) for (const video of VIDEOS) {
    const r = seeded(`${channel}|${date}|${country}|${video}`);
    const views = 10 + Math.floor(r * 500);
    out.push({ dims: { day: date, country, video }, values: { views, estimatedMinutesWatched: Math.floor(views * 2.5), likes: Math.floor(views * r * 0.1), comments: Math.floor(r * 5), shares: Math.floor(r * 3), subscribersGained: Math.floor(r * 8), subscribersLost: Math.floor(r * 2) } });
  }
  return out;
}

/** The report table rows for a channel, range and dimensions, as the fake orders them. */
export function ytRows(channel: string, start: string, end: string, dims: string[], metrics: string[]) {
  const groups = grouped(activeDays(start, end).flatMap((d) => ytFacts(channel, d)), dims);
  return groups.map((g) => [...g.keys, ...metrics.map((m) => (m === "averageViewDuration" ? Math.round((g.sums.estimatedMinutesWatched * 60) / g.sums.views) : g.sums[m]))]);
}

export async function startYouTubeFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "yt", basePath: "", tokenPath: "/token", unauthorized: () => GOOGLE_UNAUTHENTICATED });
  fake.route("GET", "/youtube/v3/channels", (req) => {
    if (req.query.get("mine") !== "true" || !req.query.get("part")) return googleStatus(400, "INVALID_ARGUMENT", "No filter selected. Expected one of: mine, id, forHandle, managedByMe.");
    const start = Number(req.query.get("pageToken") ?? 0);
    const size = Math.min(Number(req.query.get("maxResults") ?? 5), fake.options.pageSize);
    const items = CHANNELS.slice(start, start + size).map((c) => ({ kind: "youtube#channel", id: c.id, snippet: { title: c.title, country: "FR" } }));
    return { json: { kind: "youtube#channelListResponse", items, ...(start + size < CHANNELS.length ? { nextPageToken: String(start + size) } : {}), pageInfo: { totalResults: CHANNELS.length, resultsPerPage: size } } };
  });
  fake.route("GET", "/v2/reports", (req) => {
    const q = req.query;
    const channel = CHANNELS.find((c) => q.get("ids") === `channel==${c.id}`);
    if (!channel) return googleStatus(403, "PERMISSION_DENIED", "Forbidden");
    const metrics = (q.get("metrics") ?? "").split(",").filter(Boolean);
    const dims = (q.get("dimensions") ?? "").split(",").filter(Boolean);
    if (!q.get("startDate") || !q.get("endDate") || metrics.length === 0) return googleStatus(400, "INVALID_ARGUMENT", "Required parameter: metrics");
    if (metrics.some((m) => m !== "averageViewDuration" && !METRICS.includes(m)) || dims.some((d) => !["day", "country", "video"].includes(d))) return googleStatus(400, "INVALID_ARGUMENT", "The query is not supported.");
    const maxResults = Number(q.get("maxResults") ?? 10_000);
    if (dims.includes("video") && (q.get("sort") !== "-views" || maxResults > 200)) return googleStatus(400, "INVALID_ARGUMENT", "The query is not supported. Check the documentation for supported queries.");
    let rows = ytRows(channel.id, q.get("startDate")!, q.get("endDate")!, dims, metrics);
    if (q.get("sort") === "-views") rows = rows.sort((a, b) => Number(b[dims.length + metrics.indexOf("views")]) - Number(a[dims.length + metrics.indexOf("views")]));
    const start = Number(q.get("startIndex") ?? 1) - 1;
    const columnHeaders = [...dims.map((name) => ({ name, columnType: "DIMENSION", dataType: "STRING" })), ...metrics.map((name) => ({ name, columnType: "METRIC", dataType: "INTEGER" }))];
    const page = rows.slice(start, start + maxResults);
    // An empty report has no rows key.
    return { json: { kind: "youtubeAnalytics#resultTable", columnHeaders, ...(page.length ? { rows: page } : {}) } };
  });
  return fake;
}
