// Reading /act_{id}/insights: synchronously with cursor paging for short ranges, or as an async
// report run (POST, poll async_status, then page through /{report_run_id}/insights) for long
// ranges and for requests Graph refuses as too large.
// https://developers.facebook.com/docs/marketing-api/insights/best-practices/#asynchronous
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import { pollUntilDone, type PollOptions } from "../../core/poll.js";
import type { ConnectorContext, DateRange } from "../../core/types.js";
import { PLATFORM, TOO_MUCH_DATA } from "./errors.js";
import type { Level } from "./fields.js";

export type RawInsight = Record<string, unknown>;

export interface InsightsQuery {
  accountId: string;
  level: Level;
  apiFields: string[];
  range: DateRange;
  hourly: boolean;
  /** One row per day; otherwise one row for the whole range (time_increment=all_days). */
  daily: boolean;
  /** breakdowns= besides the hourly one. */
  breakdowns?: string[];
  /** action_breakdowns=; absent: Graph's default (action_type). */
  actionBreakdowns?: string[];
  /** An action attribution window (7d_click, ...); absent: the ad account's attribution setting. */
  attributionWindow?: string;
}

export type PollTuning = Pick<PollOptions<unknown>, "initialDelayMs" | "maxDelayMs" | "factor" | "timeoutMs">;

/** Graph's hourly breakdown in the ad account's own timezone (the other one is the viewer's). */
export const HOURLY_BREAKDOWN = "hourly_stats_aggregated_by_advertiser_time_zone";
const PAGE_SIZE = 500;

const insightsPage = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  paging: z.object({ next: z.string().optional() }).passthrough().optional(),
});

const reportRunCreated = z.object({ report_run_id: z.string() });

const reportRun = z
  .object({
    id: z.string().optional(),
    async_status: z.string(),
    async_percent_completion: z.number().optional(),
  })
  .passthrough();

export function insightsParams(q: InsightsQuery): Record<string, string> {
  const params: Record<string, string> = {
    level: q.level,
    fields: [...new Set(q.apiFields)].join(","),
    time_range: JSON.stringify({ since: q.range.start, until: q.range.end }),
    time_increment: q.daily || q.hourly ? "1" : "all_days",
    limit: String(PAGE_SIZE),
  };
  if (q.attributionWindow) params.action_attribution_windows = JSON.stringify([q.attributionWindow]);
  // The numbers Ads Manager shows: the ad account's own attribution setting, not the API default.
  else params.use_account_attribution_setting = "true";
  const breakdowns = [...new Set([...(q.hourly ? [HOURLY_BREAKDOWN] : []), ...(q.breakdowns ?? [])])];
  if (breakdowns.length > 0) params.breakdowns = breakdowns.join(",");
  if (q.actionBreakdowns?.length) params.action_breakdowns = q.actionBreakdowns.join(",");
  return params;
}

/** Follows paging.next (an absolute URL Graph builds) until there is none. */
function pages(ctx: ConnectorContext, accountId: string, first: { url: string; query?: Record<string, string> }): AsyncGenerator<RawInsight[]> {
  return paginate<RawInsight, string>(
    async (next) => {
      const page = await ctx.http.json(next ? { url: next, account: accountId } : { ...first, account: accountId }, insightsPage);
      return { items: page.data, next: page.paging?.next };
    },
    { platform: PLATFORM },
  );
}

export async function* syncInsights(ctx: ConnectorContext, q: InsightsQuery): AsyncGenerator<RawInsight[]> {
  yield* pages(ctx, q.accountId, { url: `/act_${q.accountId}/insights`, query: insightsParams(q) });
}

export function isTooMuchData(error: unknown): boolean {
  return error instanceof ConnectorError && error.kind === "system" && TOO_MUCH_DATA.test(`${error.message} ${error.bodyExcerpt ?? ""}`);
}

export async function* asyncInsights(ctx: ConnectorContext, q: InsightsQuery, tuning: PollTuning = {}): AsyncGenerator<RawInsight[]> {
  const created = await ctx.http.json(
    { method: "POST", url: `/act_${q.accountId}/insights`, form: insightsParams(q), account: q.accountId },
    reportRunCreated,
  );
  const runId = created.report_run_id;
  await pollUntilDone({
    platform: PLATFORM,
    what: `insights report run ${runId} for ad account ${q.accountId}`,
    ...tuning,
    signal: ctx.signal,
    check: () => ctx.http.json({ url: `/${runId}`, query: { fields: "id,async_status,async_percent_completion" }, account: q.accountId }, reportRun),
    // Graph says to wait for both "Job Completed" and 100%: the status flips slightly earlier.
    state: (run) => {
      if (run.async_status === "Job Completed" && (run.async_percent_completion ?? 100) >= 100) return "done";
      if (run.async_status === "Job Failed" || run.async_status === "Job Skipped") {
        return { failed: `the report run ended with "${run.async_status}"`, kind: "transient" };
      }
      return "pending";
    },
    onPending: (run) => ctx.log?.debug("facebook report run pending", { runId, status: run.async_status, percent: run.async_percent_completion }),
  });
  yield* pages(ctx, q.accountId, { url: `/${runId}/insights`, query: { limit: String(PAGE_SIZE) } });
}
