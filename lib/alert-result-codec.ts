// How an alert result's metric chart is stored (alert_results.last_result, issue 7 bench).
//
// The engine's EntityResult keeps its chart as { metric: [{ time, value, anomaly? }, ...] }: about
// 40 bytes a point, most of them repeated keys, and every evaluation rewrites it for every
// identification. Stored, each series becomes columns instead: { t: [times], v: [values],
// a: [[index, anomaly], ...] } (a only lists the points that carry an anomaly flag), about half
// the bytes. A run of consecutive days, the usual axis, is stored as its first day and length
// ({ d: ["2026-10-19", 30], v, a }), a quarter of a result's bytes less (decision 0894).
// decodeStoredResult gives back exactly the engine's shape, so the detail page's Metric
// visualization reads what it always read; rows written before the change (point objects) pass
// through unchanged.

type Point = { time: string; value: number | null; anomaly?: boolean };
type StoredSeries = { t?: string[]; d?: [string, number]; v: (number | null)[]; a?: [number, boolean][] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

// Every stored result walks the same few dozen days: the day after each is computed once.
const nextDays = new Map<string, string>();
function nextDay(day: string): string {
  let next = nextDays.get(day);
  if (next === undefined) {
    if (nextDays.size >= 5_000) nextDays.clear();
    next = dayAfter(day, 1);
    nextDays.set(day, next);
  }
  return next;
}

/** [first day, count] when the times are consecutive calendar days, else undefined. */
function dayRun(times: readonly string[]): [string, number] | undefined {
  // The first day must be a real one ("2026-02-30" parses, as 2 March): decoding starts from it.
  if (times.length < 2 || !DAY.test(times[0]) || Number.isNaN(Date.parse(`${times[0]}T00:00:00Z`)) || dayAfter(times[0], 0) !== times[0]) return undefined;
  for (let i = 1; i < times.length; i++) if (times[i] !== nextDay(times[i - 1])) return undefined;
  return [times[0], times.length];
}

const POINT_KEYS = new Set(["time", "value", "anomaly"]);

function isPlainPoint(p: unknown): p is Point {
  if (!p || typeof p !== "object") return false;
  for (const k of Object.keys(p)) if (!POINT_KEYS.has(k)) return false;
  const { time, value, anomaly } = p as Point;
  return typeof time === "string" && (value === null || typeof value === "number") && (anomaly === undefined || typeof anomaly === "boolean") && ("value" in p);
}

function encodeSeries(points: unknown): unknown {
  if (!Array.isArray(points) || !points.every(isPlainPoint)) return points;
  const times: string[] = [];
  const v: (number | null)[] = [];
  const a: [number, boolean][] = [];
  points.forEach((p, i) => {
    times.push(p.time);
    v.push(p.value);
    if ("anomaly" in p) a.push([i, p.anomaly as boolean]);
  });
  const run = dayRun(times);
  const out: StoredSeries = run ? { d: run, v } : { t: times, v };
  if (a.length) out.a = a;
  return out;
}

function isStoredSeries(s: unknown): s is StoredSeries {
  if (!s || typeof s !== "object" || Array.isArray(s) || !Array.isArray((s as StoredSeries).v)) return false;
  const { t, d } = s as StoredSeries;
  return Array.isArray(t) || (Array.isArray(d) && typeof d[0] === "string" && Number.isInteger(d[1]));
}

function decodeSeries(stored: unknown): unknown {
  if (!isStoredSeries(stored)) return stored;
  const times = stored.t ?? Array.from({ length: stored.d![1] }, (_, i) => dayAfter(stored.d![0], i));
  const points: Point[] = times.map((time, i) => ({ time, value: stored.v[i] ?? null }));
  for (const [i, anomaly] of stored.a ?? []) if (points[i]) points[i].anomaly = anomaly;
  return points;
}

function mapSeries(result: unknown, f: (s: unknown) => unknown): unknown {
  if (!result || typeof result !== "object") return result;
  const { series } = result as { series?: unknown };
  if (!series || typeof series !== "object" || Array.isArray(series)) return result;
  return { ...result, series: Object.fromEntries(Object.entries(series).map(([metric, s]) => [metric, f(s)])) };
}

/** The JSON text stored in alert_results.last_result for an engine EntityResult. */
export function encodeStoredResult(result: unknown): string {
  return JSON.stringify(mapSeries(result, encodeSeries));
}

/** The engine EntityResult back from alert_results.last_result (either storage shape). */
export function decodeStoredResult(text: string): unknown {
  return mapSeries(JSON.parse(text), decodeSeries);
}
