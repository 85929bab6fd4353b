// Query Metric Aggregates: POST /api/metric-aggregates with a metric id, measurements, an
// interval, a datetime filter and the account's timezone, answered with bucket start `dates` and
// one row of measurement arrays per `by` group; more groups than page_size continue through
// links.next (https://developers.klaviyo.com/en/reference/query_metric_aggregates).
import { DateTime } from "luxon";
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { paginate } from "../../core/paginate.js";
import type { ConnectorContext, DateRange } from "../../core/types.js";
import { PLATFORM } from "./api.js";
import type { Measurement } from "./fields.js";

/** Most groups one page returns (the endpoint's page_size maximum). */
const PAGE_SIZE = 500;
/** Ranges are queried in slices so that each answer stays a modest number of buckets. */
const DAILY_SLICE_DAYS = 90;
const HOURLY_SLICE_DAYS = 7;

export interface AggregateQuery {
  metricId: string;
  measurements: Measurement[];
  interval: "day" | "hour";
  range: DateRange;
  timezone: string;
  by?: string;
  account: string;
}

/** One bucket of one group: its local date and hour and the measurement values. */
export interface AggregateBucket {
  date: string;
  hour: number;
  group: string | null;
  values: Partial<Record<Measurement, number>>;
}

// The bucket dates and the rows are what the query is for; a row without `dimensions` or a
// measurement is read as no group and zero.
const aggregateRow = z.object({ dimensions: z.array(z.string()).nullish(), measurements: z.record(z.string(), z.array(z.number().nullable())).nullish() });
const aggregateBody = z.object({
  data: z.object({ attributes: z.object({ dates: z.array(z.string()), data: z.array(aggregateRow) }) }),
  links: z.object({ next: z.string().nullish() }).nullish(),
});

/** The filter strings of the request, with offsets of the account's timezone so no bucket shifts. */
export function datetimeFilter(range: DateRange, zone: string): string[] {
  const from = DateTime.fromISO(range.start, { zone }).startOf("day");
  const to = DateTime.fromISO(range.end, { zone }).plus({ days: 1 }).startOf("day");
  const iso = (d: DateTime) => d.toISO({ suppressMilliseconds: true });
  return [`greater-or-equal(datetime,${iso(from)})`, `less-than(datetime,${iso(to)})`];
}

/**
 * A bucket label as the account's local time. Klaviyo writes each bucket's local start with a zero
 * offset ("2025-01-06T00:00:00+00:00" is the Chicago day 2025-01-06, not 18:00 the day before), so a
 * UTC label is read as wall-clock time in the zone; a label with another offset is a real instant.
 */
export function bucketStart(label: string, zone: string): DateTime {
  const parsed = DateTime.fromISO(label, { setZone: true });
  if (parsed.isValid && parsed.offset === 0) return DateTime.fromObject(parsed.toObject(), { zone });
  return parsed.setZone(zone);
}

function cursorOf(next: string): string | undefined {
  try {
    return new URL(next).searchParams.get("page[cursor]") ?? undefined;
  } catch {
    return undefined;
  }
}

export async function* queryAggregates(ctx: ConnectorContext, query: AggregateQuery): AsyncGenerator<AggregateBucket> {
  const sliceDays = query.interval === "hour" ? HOURLY_SLICE_DAYS : DAILY_SLICE_DAYS;
  for (const slice of splitDateRange(query.range, sliceDays)) {
    const pages = paginate<AggregateBucket, string>(
      async (cursor) => {
        const body = await ctx.http.json(
          {
            method: "POST",
            url: "/api/metric-aggregates",
            account: query.account,
            json: {
              data: {
                type: "metric-aggregate",
                attributes: {
                  metric_id: query.metricId,
                  measurements: query.measurements,
                  interval: query.interval,
                  filter: datetimeFilter(slice, query.timezone),
                  timezone: query.timezone,
                  page_size: PAGE_SIZE,
                  ...(query.by ? { by: [query.by] } : {}),
                  ...(cursor ? { page_cursor: cursor } : {}),
                },
              },
            },
          },
          aggregateBody,
        );
        const attributes = body.data.attributes;
        const buckets = attributes.dates.map((d) => bucketStart(d, query.timezone));
        const items: AggregateBucket[] = [];
        for (const row of attributes.data) {
          buckets.forEach((at, i) => {
            if (at.toFormat("yyyy-MM-dd") < slice.start || at.toFormat("yyyy-MM-dd") > slice.end) return;
            const values: Partial<Record<Measurement, number>> = {};
            for (const m of query.measurements) values[m] = row.measurements?.[m]?.[i] ?? 0;
            // `dimensions` is absent (not just empty) in some answers without a `by`.
            items.push({ date: at.toFormat("yyyy-MM-dd"), hour: at.hour, group: row.dimensions?.[0] ?? null, values });
          });
        }
        const next = body.links?.next ? cursorOf(body.links.next) : undefined;
        return { items, next };
      },
      { platform: PLATFORM },
    );
    for await (const items of pages) yield* items;
  }
}
