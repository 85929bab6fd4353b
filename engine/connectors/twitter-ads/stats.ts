// X Ads analytics: synchronous GET stats/accounts/:id for ranges up to 7 days, asynchronous jobs
// (POST stats/jobs/accounts/:id, poll GET stats/jobs/accounts/:id?job_ids=, download the gzipped
// result from its url) for longer ranges, up to 90 days per job. Both answer the same JSON: per
// entity, metric arrays with one value per granularity step from start_time.
// https://developer.x.com/en/docs/x-ads-api/analytics/guides/asynchronous-analytics
import { gunzipSync } from "node:zlib";
import { DateTime } from "luxon";
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { HttpRequest, HttpResponse } from "../../core/http-types.js";
import { delay, pollUntilDone, type PollOptions } from "../../core/poll.js";
import type { ConnectorContext, DateRange } from "../../core/types.js";
import { PLATFORM, rateLimitExhausted, rateLimitResetMs } from "./errors.js";
import { X_METRICS, type MetricGroup } from "./catalogue.data.js";

export interface StatsQuery {
  accountId: string;
  timezone: string;
  entity: "ACCOUNT" | "CAMPAIGN";
  /** At most 20 per request. */
  entityIds: string[];
  range: DateRange;
  granularity: "DAY" | "HOUR";
  groups: MetricGroup[];
  placement: Placement;
  /** One segmentation_type (AGE, GENDER, ...): each entity answers one series per segment. */
  segmentation?: string;
}

/** X reports delivery on X itself and on its publisher network (Audience Platform) separately. */
export type Placement = "ALL_ON_TWITTER" | "PUBLISHER_NETWORK";

export interface StatPoint {
  entityId: string;
  date: string;
  hour: number | null;
  /** The segment's value (segment_value) of a segmented request. */
  segment?: string | null;
  metrics: Record<string, number | null>;
}

export type PollTuning = Pick<PollOptions<unknown>, "initialDelayMs" | "maxDelayMs" | "factor" | "timeoutMs">;

export const MAX_ENTITY_IDS = 20;
export const SYNC_MAX_DAYS = 7;
export const ASYNC_MAX_DAYS = 90;
/** Waits for an exhausted rate-limit window up to this long in-process; longer goes back to the caller. */
const MAX_INLINE_WAIT_MS = 120_000;

const statsPayload = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      id_data: z.array(z.object({ segment: z.unknown().optional(), metrics: z.record(z.string(), z.unknown()) })),
    }),
  ),
});
type StatsPayload = z.infer<typeof statsPayload>;

const job = z.object({ id_str: z.string(), status: z.string(), url: z.string().nullable().optional() }).passthrough();

/**
 * DAY granularity needs start and end at midnight in the account's timezone, in whole hours;
 * end_time is exclusive. https://developer.x.com/en/docs/x-ads-api/analytics/overview/metrics-and-segmentation
 */
export function timeWindow(range: DateRange, timezone: string): { start: DateTime; startTime: string; endTime: string } {
  const start = DateTime.fromISO(range.start, { zone: timezone }).startOf("day");
  const end = DateTime.fromISO(range.end, { zone: timezone }).plus({ days: 1 }).startOf("day");
  const iso = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true })!;
  return { start, startTime: iso(start), endTime: iso(end) };
}

export function statsParams(q: StatsQuery): Record<string, string> {
  const { startTime, endTime } = timeWindow(q.range, q.timezone);
  return {
    entity: q.entity,
    entity_ids: q.entityIds.join(","),
    start_time: startTime,
    end_time: endTime,
    granularity: q.granularity,
    metric_groups: q.groups.join(","),
    placement: q.placement,
    ...(q.segmentation ? { segmentation_type: q.segmentation } : {}),
  };
}

function parse<T>(ctx: ConnectorContext, text: string, schema: z.ZodType<T>, request: { method: string; url: string }): T {
  try {
    return schema.parse(JSON.parse(text));
  } catch (cause) {
    throw new ConnectorError({
      kind: "system",
      platform: PLATFORM,
      request: ctx.http.redact(request),
      bodyExcerpt: ctx.http.redact(text.slice(0, 500)),
      message: `X Ads answered with an unexpected analytics payload (${ctx.http.redact(cause instanceof Error ? cause.message.slice(0, 200) : String(cause))}).`,
      cause,
    });
  }
}

/** Honours the rate-limit headers before the next call rather than eating a 429. */
async function respectRateLimit(ctx: ConnectorContext, response: HttpResponse): Promise<void> {
  if (!rateLimitExhausted(response.headers)) return;
  const wait = rateLimitResetMs(response.headers, new Date()) ?? 0;
  if (wait > MAX_INLINE_WAIT_MS) {
    throw new ConnectorError({
      kind: "transient",
      platform: PLATFORM,
      retryAfterMs: wait,
      message: `X Ads rate limit for this ad account is used up. Retrying at ${new Date(Date.now() + wait).toISOString()}.`,
    });
  }
  ctx.log?.info("x ads rate limit window exhausted, waiting for its reset", { waitMs: wait });
  await delay(wait, ctx.signal);
}

export async function getJson<T>(ctx: ConnectorContext, req: HttpRequest, schema: z.ZodType<T>): Promise<T> {
  const response = await ctx.http.request(req);
  await respectRateLimit(ctx, response);
  return parse(ctx, response.text, schema, { method: req.method ?? "GET", url: response.url || req.url });
}

const valueAt = (series: unknown, i: number): number | null => (Array.isArray(series) && typeof series[i] === "number" ? series[i] : null);

/** A conversion metric's series: conversion objects hold one series per attribution ({"metric":[...],"post_view":[...]}). */
const seriesAt = (value: unknown, sub: string | undefined, i: number): number | null =>
  sub === undefined ? valueAt(value, i) : value && typeof value === "object" && !Array.isArray(value) ? valueAt((value as Record<string, unknown>)[sub], i) : null;

const CONVERSION_TYPES = ["conversion_purchases", "conversion_sign_ups", "conversion_downloads", "conversion_custom"];

/** Every catalogue metric at step i (micros as amounts), and the total of the web conversions. */
export function metricsAt(m: Record<string, unknown>, i: number): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const metric of X_METRICS) {
    if (!(metric.key in m)) continue;
    const value = seriesAt(m[metric.key], metric.sub, i);
    out[metric.id] = value === null ? null : metric.micros ? value / 1_000_000 : value;
  }
  const conversions = CONVERSION_TYPES.map((t) => seriesAt(m[t], "metric", i));
  if (CONVERSION_TYPES.some((t) => t in m)) out.conversions = conversions.every((c) => c === null) ? null : conversions.reduce<number>((s, c) => s + (c ?? 0), 0);
  return out;
}

/** One point per entity and step that has any data (X sends null series for no delivery). */
export function pointsOf(payload: StatsPayload, q: StatsQuery): StatPoint[] {
  const { start } = timeWindow(q.range, q.timezone);
  const end = DateTime.fromISO(q.range.end, { zone: q.timezone }).plus({ days: 1 }).startOf("day");
  const unit = q.granularity === "HOUR" ? "hours" : "days";
  // Calendar arithmetic in the account's zone: a DST day has 23 or 25 hourly steps.
  const steps = Math.round(end.diff(start, unit).as(unit));
  const points: StatPoint[] = [];
  for (let i = 0; i < steps; i++) {
    const at = q.granularity === "HOUR" ? start.plus({ hours: i }) : start.plus({ days: i });
    for (const entity of payload.data) {
      for (const slice of entity.id_data) {
        const metrics = metricsAt(slice.metrics, i);
        if (Object.values(metrics).every((v) => v === null)) continue;
        const segment = (slice.segment as { segment_value?: unknown } | null | undefined)?.segment_value;
        points.push({ entityId: entity.id, date: at.toISODate()!, hour: q.granularity === "HOUR" ? at.hour : null, ...(q.segmentation ? { segment: segment === undefined || segment === null ? null : String(segment) } : {}), metrics });
      }
    }
  }
  return points;
}

export async function syncStats(ctx: ConnectorContext, q: StatsQuery): Promise<StatPoint[]> {
  const payload = await getJson(ctx, { url: `/stats/accounts/${q.accountId}`, query: statsParams(q), account: q.accountId }, statsPayload);
  return pointsOf(payload, q);
}

async function download(ctx: ConnectorContext, url: string, accountId: string): Promise<string> {
  // The file is on X's CDN (ton.twimg.com) behind a signed URL: no OAuth header.
  const response = await ctx.http.stream({ url, auth: false, account: accountId, headers: { accept: "*/*" } });
  const bytes = Buffer.from(await response.arrayBuffer());
  // gzip magic number; a proxy that already decoded Content-Encoding hands back plain JSON.
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** Submits the queries of one account as jobs (in batches), waits for them, downloads each. */
export async function* asyncStats(ctx: ConnectorContext, queries: StatsQuery[], tuning: PollTuning = {}, batchSize = 10): AsyncGenerator<StatPoint[]> {
  for (let b = 0; b < queries.length; b += batchSize) {
    const batch = queries.slice(b, b + batchSize);
    const accountId = batch[0].accountId;
    const ids: string[] = [];
    for (const q of batch) {
      const created = await getJson(ctx, { method: "POST", url: `/stats/jobs/accounts/${accountId}`, query: statsParams(q), account: accountId }, z.object({ data: job }));
      ids.push(created.data.id_str);
    }
    const finished = await pollUntilDone({
      platform: PLATFORM,
      what: `analytics jobs ${ids.join(", ")} of ad account ${accountId}`,
      ...tuning,
      signal: ctx.signal,
      check: () => getJson(ctx, { url: `/stats/jobs/accounts/${accountId}`, query: { job_ids: ids.join(",") }, account: accountId }, z.object({ data: z.array(job) })),
      state: ({ data }) => {
        const failed = data.find((j) => j.status === "FAILED" || j.status === "CANCELLED");
        if (failed) return { failed: `job ${failed.id_str} ended ${failed.status}` };
        return ids.every((id) => data.some((j) => j.id_str === id && j.status === "SUCCESS" && j.url)) ? "done" : "pending";
      },
    });
    for (const [i, q] of batch.entries()) {
      const url = finished.data.find((j) => j.id_str === ids[i])!.url!;
      const text = await download(ctx, url, accountId);
      yield pointsOf(parse(ctx, text, statsPayload, { method: "GET", url }), q);
    }
  }
}

/** Sums the points of the same entity and step from several placements. */
export function mergePlacements(sets: StatPoint[][]): StatPoint[] {
  if (sets.length === 1) return sets[0];
  const merged = new Map<string, StatPoint>();
  for (const point of sets.flat()) {
    const key = `${point.entityId}|${point.date}|${point.hour}|${point.segment ?? ""}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...point, metrics: { ...point.metrics } });
      continue;
    }
    for (const [id, value] of Object.entries(point.metrics)) {
      // Micro-currency sums in floating point drift (0.1 + 0.2); six decimals is a millionth of a unit.
      if (value !== null) seen.metrics[id] = Math.round(((seen.metrics[id] ?? 0) + value) * 1e6) / 1e6;
    }
  }
  return [...merged.values()];
}
