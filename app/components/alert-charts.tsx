// Charts with nivo (DESIGN §6). Without JavaScript they render on the server at two fixed widths,
// one shown on phones and one from the sm breakpoint (CSS picks), so they never overflow their
// column; with JavaScript a single chart fills the measured width. Every point carries an SVG
// <title> (a tooltip without JavaScript) and every chart its figures in a table. Anomalies are
// red rings, a colour no series uses; thresholds and references are dashed lines with labels.
import { Line } from "@nivo/line";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { formatDay, formatValue } from "../../engine/browser.js";
import { useHydrated } from "~/utils/use-hydrated";

/** Ten series colours (spec 1 §9), none of them the anomaly red. */
export const CHART_PALETTE = ["#2563eb", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#4b5563", "#65a30d", "#0d9488"];
export const ANOMALY_COLOUR = "#dc2626";

export type ChartPoint = { x: string; y: number | null; anomaly?: boolean };
export type ChartSeries = { id: string; data: ChartPoint[] };
export type ChartLine = { label: string; value: number; kind: "threshold" | "reference" | "trigger" };

/** "5 Mar" for a day, "14:00" for an hour bucket (its day at midnight). */
export function formatTick(x: string): string {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}$/.test(x)) return x.endsWith("T00") ? formatDay(x.slice(0, 10)) : `${x.slice(11)}:00`;
  return /^\d{4}-\d{2}-\d{2}$/.test(x) ? formatDay(x) : x;
}

/** At most one tick per ~70 px, always the last one (the judged bucket). */
function tickValues(xs: readonly string[], innerWidth: number): string[] {
  const room = Math.max(2, Math.floor(innerWidth / 70));
  if (xs.length <= room) return [...xs];
  const step = Math.ceil(xs.length / room);
  return xs.filter((_, i) => (xs.length - 1 - i) % step === 0);
}

const compact = (unit?: string | null) => (v: number | string | Date) =>
  typeof v === "number" ? (unit === "%" ? formatValue(v, unit) : new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 1 }).format(v)) : String(v);

/**
 * Renders `chart(width)` at the container's width once JavaScript runs; before (and without it),
 * at `narrow` below the sm breakpoint and `wide` from it.
 */
export function ResponsiveChart({ narrow = 320, wide = 560, children }: { narrow?: number; wide?: number; children: (width: number) => ReactNode }) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!hydrated || !el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [hydrated]);
  return (
    <div ref={ref} className="w-full min-w-0 overflow-hidden">
      {width ? (
        children(width)
      ) : (
        <>
          <div className="sm:hidden">{children(narrow)}</div>
          <div className="hidden sm:block">{children(wide)}</div>
        </>
      )}
    </div>
  );
}

function FallbackTable({ series, caption, unit }: { series: ChartSeries[]; caption: string; unit?: string | null }) {
  const xs = series[0]?.data.map((d) => d.x) ?? [];
  return (
    <details className="mt-1 text-xs text-slate-500">
      <summary className="cursor-pointer">Show the figures</summary>
      <div className="max-h-64 overflow-auto">
        <table className="mt-1 w-full">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th className="text-left">Time</th>
              {series.map((s) => (
                <th key={s.id} className="text-right">{s.id}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((x, i) => (
              <tr key={x}>
                <td>{formatTick(x)}</td>
                {series.map((s) => {
                  const y = s.data[i]?.y;
                  return (
                    <td key={s.id} className="text-right">
                      {y === null || y === undefined ? "–" : formatValue(y, unit)}
                      {s.data[i]?.anomaly ? " (anomaly)" : ""}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

type Scales = { xScale: (x: unknown) => number; yScale: (y: unknown) => number; innerWidth: number; innerHeight: number };
const scalesOf = (props: unknown) => props as unknown as Scales;

/** The chart: lines with titled points, red anomaly rings, labelled guide lines, the still-changing buckets shaded. */
function LineChart({ width, height, series, colour, lines, provisionalFrom, unit, caption }: { width: number; height: number; series: ChartSeries[]; colour: (id: string) => string; lines: ChartLine[]; provisionalFrom?: string; unit?: string | null; caption: string }) {
  const margin = { top: 12, right: 16, bottom: 32, left: 52 };
  const xs = series[0]?.data.map((d) => d.x) ?? [];
  const values = [...series.flatMap((s) => s.data.map((d) => d.y)), ...lines.map((l) => l.value)].filter((v): v is number => typeof v === "number");
  const max = values.length ? Math.max(...values) : 1;
  const min = values.length ? Math.min(0, ...values) : 0;
  return (
    <div role="img" aria-label={caption}>
      <Line
        role="presentation"
        width={width}
        height={height}
        data={series.map((s) => ({ id: s.id, data: s.data.map((d) => ({ x: d.x, y: d.y })) }))}
        margin={margin}
        colors={(s: { id: string | number }) => colour(String(s.id))}
        enablePoints={false}
        axisBottom={{ tickValues: tickValues(xs, width - margin.left - margin.right), format: (v) => formatTick(String(v)), tickSize: 4 }}
        axisLeft={{ format: compact(unit), tickValues: 5, tickSize: 4 }}
        gridYValues={5}
        enableGridX={false}
        enableSlices={false}
        isInteractive={false}
        animate={false}
        yScale={{ type: "linear", min, max: max === min ? min + 1 : max * 1.08 }}
        layers={[
          (props) => {
            // The buckets the platform may still revise: a light band with its label.
            const { xScale, innerWidth, innerHeight } = scalesOf(props);
            const at = provisionalFrom ? xs.indexOf(provisionalFrom) : -1;
            if (at < 0) return null;
            const step = xs.length > 1 ? xScale(xs[1]) - xScale(xs[0]) : innerWidth;
            const x = Math.max(0, xScale(xs[at]) - step / 2);
            return (
              <g data-provisional="true">
                <rect x={x} y={0} width={innerWidth - x} height={innerHeight} fill="#f1f5f9" />
                <text x={innerWidth - 2} y={10} textAnchor="end" fontSize={10} fill="#64748b">
                  may still change
                </text>
              </g>
            );
          },
          "grid",
          "axes",
          "lines",
          (props) => {
            const { yScale, innerWidth } = scalesOf(props);
            return (
              <g>
                {lines.map((l) => (
                  <g key={`${l.kind}-${l.label}`} data-guide={l.kind}>
                    <line x1={0} x2={innerWidth} y1={yScale(l.value)} y2={yScale(l.value)} stroke={l.kind === "reference" ? "#64748b" : ANOMALY_COLOUR} strokeWidth={1.5} strokeDasharray={l.kind === "reference" ? "2 3" : "6 4"} />
                    <text x={innerWidth - 2} y={yScale(l.value) - 4} textAnchor="end" fontSize={10} fill={l.kind === "reference" ? "#475569" : "#b91c1c"}>
                      {l.label}
                    </text>
                  </g>
                ))}
              </g>
            );
          },
          (props) => {
            const { xScale, yScale } = scalesOf(props);
            return (
              <g>
                {series.flatMap((s) =>
                  s.data
                    .filter((d) => d.y !== null)
                    .map((d) => (
                      <g key={`${s.id}-${d.x}`}>
                        {d.anomaly ? <circle cx={xScale(d.x)} cy={yScale(d.y)} r={8} fill="white" stroke={ANOMALY_COLOUR} strokeWidth={3} data-anomaly="true" /> : null}
                        <circle cx={xScale(d.x)} cy={yScale(d.y)} r={d.anomaly ? 3.5 : 3} fill={d.anomaly ? ANOMALY_COLOUR : colour(s.id)}>
                          <title>{`${s.id} · ${formatTick(d.x)}: ${formatValue(d.y as number, unit)}${d.anomaly ? " (anomaly)" : ""}`}</title>
                        </circle>
                      </g>
                    )),
                )}
              </g>
            );
          },
        ]}
      />
    </div>
  );
}

/** A metric chart with a legend checkbox per series (spec 1 §2.6), guide lines and the still-changing band. */
export function SeriesChart({ series, caption, lines = [], provisionalFrom, unit, height = 260 }: { series: ChartSeries[]; caption: string; lines?: ChartLine[]; provisionalFrom?: string; unit?: string | null; height?: number }) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const visible = series.filter((s) => !hidden.has(s.id));
  const colour = (id: string) => CHART_PALETTE[Math.max(0, series.findIndex((s) => s.id === id)) % CHART_PALETTE.length];
  return (
    <div className="min-w-0">
      <ResponsiveChart>{(width) => <LineChart width={width} height={height} series={visible} colour={colour} lines={lines} provisionalFrom={provisionalFrom} unit={unit} caption={caption} />}</ResponsiveChart>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-3 text-xs">
          {series.map((s) => (
            <li key={s.id}>
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={!hidden.has(s.id)}
                  onChange={() =>
                    setHidden((prev) => {
                      const next = new Set(prev);
                      if (next.has(s.id)) next.delete(s.id);
                      else next.add(s.id);
                      return next;
                    })
                  }
                />
                <span className="inline-block h-2 w-3" style={{ background: colour(s.id) }} />
                {s.id}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <FallbackTable series={series} caption={caption} unit={unit} />
    </div>
  );
}

/** A small area chart for the client home's metric cards: dates, a zero baseline and titled points. */
export function AreaSparkline({ points, label, unit }: { points: { x: string; y: number }[]; label: string; unit?: string | null }) {
  const margin = { top: 6, right: 8, bottom: 22, left: 40 };
  const max = Math.max(1, ...points.map((p) => p.y));
  return (
    <ResponsiveChart narrow={260} wide={300}>
      {(width) => (
        <div role="img" aria-label={`${label} over the last 7 days`}>
          <Line
            role="presentation"
            width={width}
            height={96}
            data={[{ id: label, data: points }]}
            margin={margin}
            enableArea
            areaBaselineValue={0}
            areaOpacity={0.15}
            enablePoints={false}
            enableGridX={false}
            gridYValues={[0, max]}
            axisBottom={{ tickValues: points.length ? [points[0].x, points[points.length - 1].x] : [], format: (v) => formatTick(String(v)), tickSize: 3 }}
            axisLeft={{ tickValues: [0, max], format: compact(unit), tickSize: 3 }}
            yScale={{ type: "linear", min: 0, max: max * 1.1 }}
            colors={[CHART_PALETTE[0]]}
            isInteractive={false}
            animate={false}
            curve="monotoneX"
            layers={[
              "grid",
              "axes",
              "areas",
              "lines",
              (props) => {
                const { xScale, yScale } = scalesOf(props);
                return (
                  <g>
                    {points.map((p) => (
                      <circle key={p.x} cx={xScale(p.x)} cy={yScale(p.y)} r={4} fill={CHART_PALETTE[0]} fillOpacity={0.9}>
                        <title>{`${formatTick(p.x)}: ${formatValue(p.y, unit)}`}</title>
                      </circle>
                    ))}
                  </g>
                );
              },
            ]}
          />
        </div>
      )}
    </ResponsiveChart>
  );
}

/** Pacing: cumulative spend, the linear projection to the period's end and the budget lines, with the entity's name. */
export function PacingChart({ cumulative, projected, above, below, name, unit }: { cumulative: { time: string; value: number | null; anomaly?: boolean }[]; projected: { time: string; value: number | null }[]; above?: number; below?: number; name?: string; unit?: string | null }) {
  const byDay = new Map(cumulative.map((c) => [c.time, c]));
  const series: ChartSeries[] = [
    { id: "Cumulative cost", data: projected.map((p) => ({ x: p.time, y: byDay.get(p.time)?.value ?? null, ...(byDay.get(p.time)?.anomaly ? { anomaly: true } : {}) })) },
    { id: "Projected cost", data: projected.map((p) => ({ x: p.time, y: p.value })) },
  ];
  const lines: ChartLine[] = [
    ...(above !== undefined ? [{ kind: "threshold" as const, value: above, label: `Budget ${formatValue(above, unit)}` }] : []),
    ...(below !== undefined ? [{ kind: "threshold" as const, value: below, label: `Minimum ${formatValue(below, unit)}` }] : []),
  ];
  return (
    <figure className="min-w-0">
      {name ? <figcaption className="mb-1 text-sm font-medium text-slate-700">{name}</figcaption> : null}
      <SeriesChart series={series} lines={lines} unit={unit} caption={`Cumulative and projected cost${name ? ` of ${name}` : ""}`} />
    </figure>
  );
}
