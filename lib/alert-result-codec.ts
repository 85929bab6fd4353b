// How an alert result's metric chart is stored (alert_results.last_result, issue 7 bench).
//
// The engine's EntityResult keeps its chart as { metric: [{ time, value, anomaly? }, ...] }: about
// 40 bytes a point, most of them repeated keys, and every evaluation rewrites it for every
// identification. Stored, each series becomes columns instead: { t: [times], v: [values],
// a: [[index, anomaly], ...] } (a only lists the points that carry an anomaly flag), about half
// the bytes. decodeStoredResult gives back exactly the engine's shape, so the detail page's Metric
// visualization reads what it always read; rows written before the change (point objects) pass
// through unchanged.

type Point = { time: string; value: number | null; anomaly?: boolean };
type StoredSeries = { t: string[]; v: (number | null)[]; a?: [number, boolean][] };

const POINT_KEYS = new Set(["time", "value", "anomaly"]);

function isPlainPoint(p: unknown): p is Point {
  if (!p || typeof p !== "object") return false;
  for (const k of Object.keys(p)) if (!POINT_KEYS.has(k)) return false;
  const { time, value, anomaly } = p as Point;
  return typeof time === "string" && (value === null || typeof value === "number") && (anomaly === undefined || typeof anomaly === "boolean") && ("value" in p);
}

function encodeSeries(points: unknown): unknown {
  if (!Array.isArray(points) || !points.every(isPlainPoint)) return points;
  const out: StoredSeries = { t: [], v: [] };
  const a: [number, boolean][] = [];
  points.forEach((p, i) => {
    out.t.push(p.time);
    out.v.push(p.value);
    if ("anomaly" in p) a.push([i, p.anomaly as boolean]);
  });
  if (a.length) out.a = a;
  return out;
}

function isStoredSeries(s: unknown): s is StoredSeries {
  return !!s && typeof s === "object" && !Array.isArray(s) && Array.isArray((s as StoredSeries).t) && Array.isArray((s as StoredSeries).v);
}

function decodeSeries(stored: unknown): unknown {
  if (!isStoredSeries(stored)) return stored;
  const points: Point[] = stored.t.map((time, i) => ({ time, value: stored.v[i] ?? null }));
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
