// Google Trends has no official public API. Like the open-source clients do, this connector calls
// the endpoints the trends.google.com Explore page itself calls: GET /trends/api/explore (answers
// the page's widgets, each with a one-time token and its request), then GET
// /trends/api/widgetdata/multiline with the TIMESERIES widget's request and token. Both answers
// open with the anti-JSON-hijacking prefix ")]}'". See README.md for what that means for users:
// politeness (robots.txt, a User-Agent naming Signalpost, one request every two seconds) and
// relative, re-normalised values.
import { z } from "zod";
import { credentialOptionList } from "../../core/credentials.js";
import { dimension, metric } from "../../core/field-defs.js";
import type {
  Account,
  ConnectorContext,
  DateRange,
  Row,
} from "../../core/types.js";
import {
  num,
  platformErrors,
  recordsConnector,
  unexpectedPayload,
} from "../shared/records.js";
import { numberOrString } from "../shared/answers.js";
import { REVIEW_USER_AGENT } from "../shared/review-sites.js";
import { robotsGate } from "../shared/robots-gate.js";

const PLATFORM = "google-trends";
const HEADERS = {
  "user-agent": REVIEW_USER_AGENT,
  accept: "application/json, text/plain",
};
const assertAllowed = robotsGate(PLATFORM);

const explore = z.object({ widgets: z.array(z.object({ id: z.string().nullish(), token: z.string().nullish(), request: z.unknown() })).nullish() });
const timelinePoint = z.object({
  /** Unix seconds (UTC) of the day (or week) start. */
  time: numberOrString,
  value: z.array(numberOrString).nullish(),
  hasData: z.array(z.boolean()).nullish(),
  isPartial: z.boolean().nullish(),
});
type TimelinePoint = z.infer<typeof timelinePoint>;
const multiline = z.object({ default: z.object({ timelineData: z.array(timelinePoint) }) });

/** The JSON after Google's ")]}'" prefix. */
export function stripXssi(text: string): unknown {
  return JSON.parse(text.replace(/^\)\]\}',?\s*/, ""));
}

/** The answer checked by its schema; anything else is an unexpected payload (the prefix keeps it from ctx.http.json). */
async function getJson<T>(
  ctx: ConnectorContext,
  path: string,
  query: Record<string, string>,
  keyword: string,
  what: string,
  answer: z.ZodType<T>
): Promise<T> {
  const url = new URL(
    path.replace(/^\//, ""),
    `${ctx.http.baseUrl.replace(/\/?$/, "/")}`
  );
  await assertAllowed(ctx, url, `the Trends data of "${keyword}"`);
  const res = await ctx.http.request({
    url: url.toString(),
    query,
    auth: false,
    headers: HEADERS,
  });
  let data: unknown;
  try {
    data = stripXssi(res.text);
  } catch {
    throw unexpectedPayload(ctx, PLATFORM, what, res.text.slice(0, 200));
  }
  const parsed = answer.safeParse(data);
  if (!parsed.success) throw unexpectedPayload(ctx, PLATFORM, what, res.text.slice(0, 200));
  return parsed.data;
}

async function* interest(
  ctx: ConnectorContext,
  account: Account,
  range: DateRange
): AsyncGenerator<TimelinePoint[]> {
  const keyword = account.id;
  // Worldwide web search, in UTC days (tz=0). Trends answers days for ranges under ~270 days and weeks beyond.
  const widgets = await getJson(
    ctx,
    "/trends/api/explore",
    {
      hl: "en-US",
      tz: "0",
      req: JSON.stringify({
        comparisonItem: [
          { keyword, geo: "", time: `${range.start} ${range.end}` },
        ],
        category: 0,
        property: "",
      }),
    },
    keyword,
    "explore",
    explore
  );
  const widget = widgets.widgets?.find((w) => w.id === "TIMESERIES");
  if (!widget?.token || !widget.request)
    throw unexpectedPayload(
      ctx,
      PLATFORM,
      "explore (no TIMESERIES widget)",
      widgets
    );
  const data = await getJson(
    ctx,
    "/trends/api/widgetdata/multiline",
    {
      hl: "en-US",
      tz: "0",
      req: JSON.stringify(widget.request),
      token: widget.token,
    },
    keyword,
    "widgetdata/multiline",
    multiline
  );
  const points = data.default.timelineData;
  if (points.length > 0) yield points;
}

export function createGoogleTrendsConnector(opts: { minTimeMs?: number } = {}) {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "api-key",
    // The form stores the fixed key "1": there is nothing to sign.
    authorize() {},
    classifyError: platformErrors({
      platform: PLATFORM,
      displayName: "Google Trends",
      message: () => undefined,
      reconnect:
        "Google Trends has no login: Google is refusing Signalpost's requests for now. Reconnect the source later to retry.",
    }),
    timezone: { fixed: "UTC" },
    currency: "none",
    // The last two or three days are partial (isPartial) and filled in as Google processes them.
    // Values are relative to the busiest day of the requested window, so any re-read may shift them.
    restatementDays: 3,
    allowedHosts: ["trends.google.com"],
    defaultBaseUrl: "https://trends.google.com",
    // Unofficial endpoints answer 429 quickly to bursts: one request every two seconds at most.
    rateLimit: { maxConcurrent: 1, minTimeMs: opts.minTimeMs ?? 2000 },
    async check(ctx) {
      const keywords = await this.listAccounts(ctx);
      return {
        ok: true,
        identity: `${keywords.length} keyword${
          keywords.length === 1 ? "" : "s"
        }`,
      };
    },
    async listAccounts(ctx) {
      return credentialOptionList(ctx.credential, "keywords").map((k) => ({
        id: k,
        name: k,
        timezone: "UTC",
        currency: "USD",
        status: "active",
      }));
    },
    reports: [
      {
        id: "interest_over_time",
        name: "Interest over time",
        description:
          "Worldwide web search interest per keyword, 0-100 relative to the busiest day of the window.",
        fields: [
          dimension(
            "date",
            "Date",
            "YEAR_MONTH_DAY",
            "Day (UTC); the start of a week for windows over about 270 days."
          ),
          dimension("keyword", "Keyword", "TEXT", "The search term."),
          dimension(
            "is_partial",
            "Partial",
            "BOOLEAN",
            "The day is not complete yet; its value will change."
          ),
          metric(
            "interest",
            "Interest",
            "NUMBER",
            "AVG",
            "Search interest, 0-100, relative to the window's peak (100)."
          ),
        ],
        fetch: interest,
        record: (p: TimelinePoint, account: Account): Row => ({
          date: new Date(Number(p.time) * 1000).toISOString().slice(0, 10),
          keyword: account.id,
          is_partial: p.isPartial === true,
          interest: p.hasData?.[0] === false ? 0 : num(p.value?.[0]),
        }),
      },
    ],
  });
}

export const googleTrendsConnector = createGoogleTrendsConnector();
