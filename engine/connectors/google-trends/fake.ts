// A local trends.google.com for connector tests: /robots.txt, GET /trends/api/explore (widgets with
// a one-time token per request) and GET /trends/api/widgetdata/multiline (timelineData normalised
// to the window's peak = 100), both behind Google's ")]}'" prefix. Requests without a browser-ish
// User-Agent are answered 429 the way Trends answers bots it dislikes.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer } from "../../../tests/fakes/support/fake-server.js";
import { daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";

export const TRENDS_CREDENTIAL = { type: "api-key" as const, key: "1", options: { keywords: ["croissant", "pain au chocolat", "baguette"] } };
const FIRST_DAY = "2024-01-01";

const tokenOf = (req: string) => `APP6_UEAAAAA${Buffer.from(req).toString("base64url").slice(0, 24)}`;
const raw = (keyword: string, day: string) => 5 + Math.floor(seeded(`${keyword}|${day}`) * 95);

/** What multiline answers for a keyword and window: [day, value 0-100] with the peak at 100. */
export function trendsSeries(keyword: string, start: string, end: string): [string, number][] {
  const days = daysBetween(start, end).filter((d) => d >= FIRST_DAY);
  const peak = Math.max(0, ...days.map((d) => raw(keyword, d)));
  return days.map((d) => [d, Math.round((raw(keyword, d) / peak) * 100)]);
}

export async function startGoogleTrendsFake(opts: { robots?: string } = {}): Promise<PlatformFake & { widgetRequests: string[] }> {
  const server = await startFakeServer();
  const widgetRequests: string[] = [];
  const xssi = (json: unknown, comma = false) => ({ status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: `)]}'${comma ? "," : ""}\n${JSON.stringify(json)}` });
  const bot = (ua: unknown) => !/Signalpost/.test(String(ua ?? ""));
  server.route("GET", "/robots.txt", { status: 200, headers: { "content-type": "text/plain" }, body: opts.robots ?? "User-agent: *\nDisallow: /trends/embed/\nAllow: /trends/api/\n" });
  server.route("GET", "/trends/api/explore", (req) => {
    if (bot(req.headers["user-agent"])) return { status: 429, body: "<html>Too Many Requests</html>" };
    const body = JSON.parse(req.query.get("req") ?? "{}") as { comparisonItem?: { keyword: string; geo: string; time: string }[] };
    const item = body.comparisonItem?.[0];
    if (!item?.keyword || !/^\d{4}-\d{2}-\d{2} \d{4}-\d{2}-\d{2}$/.test(item.time)) return { status: 400, body: "<html>Bad Request</html>" };
    const request = { time: item.time, resolution: "DAY", locale: "en-US", comparisonItem: [{ geo: {}, complexKeywordsRestriction: { keyword: [{ type: "BROAD", value: item.keyword }] } }], requestOptions: { property: "", backend: "IZG", category: 0 } };
    const token = tokenOf(JSON.stringify(request));
    widgetRequests.push(token);
    return xssi({ widgets: [{ id: "TIMESERIES", title: "Interest over time", token, request }, { id: "GEO_MAP", token: "other", request: {} }] });
  });
  server.route("GET", "/trends/api/widgetdata/multiline", (req) => {
    if (bot(req.headers["user-agent"])) return { status: 429, body: "<html>Too Many Requests</html>" };
    const request = req.query.get("req") ?? "";
    if (req.query.get("token") !== tokenOf(request)) return { status: 401, body: "<html>Unauthorized</html>" };
    const parsed = JSON.parse(request) as { time: string; comparisonItem: { complexKeywordsRestriction: { keyword: { value: string }[] } }[] };
    const [start, end] = parsed.time.split(" ");
    const keyword = parsed.comparisonItem[0].complexKeywordsRestriction.keyword[0].value;
    const series = trendsSeries(keyword, start, end);
    return xssi({
      default: {
        timelineData: series.map(([day, value]) => ({
          time: String(Date.parse(`${day}T00:00:00Z`) / 1000),
          formattedTime: day,
          value: [value],
          hasData: [true],
          formattedValue: [String(value)],
          ...(day >= "2025-03-10" ? { isPartial: true } : {}),
        })),
        averages: [],
      },
    }, true);
  });
  return { server, baseUrl: server.url, credential: TRENDS_CREDENTIAL, widgetRequests, close: () => server.close() };
}
