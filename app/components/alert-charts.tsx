// Charts with nivo (DESIGN §6): <Line width height> renders on the server at a fixed size, so the
// charts show without JavaScript; each chart carries its numbers in a table for screen readers
// and for anyone who prefers figures.
import { Line } from "@nivo/line";
import { useState } from "react";

export const CHART_PALETTE = ["#2563eb", "#16a34a", "#dc2626", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#4b5563", "#65a30d"];

export type ChartSeries = { id: string; data: { x: string; y: number | null; anomaly?: boolean }[] };

function FallbackTable({ series, caption }: { series: ChartSeries[]; caption: string }) {
  const xs = series[0]?.data.map((d) => d.x) ?? [];
  return (
    <details className="mt-1 text-xs text-slate-500">
      <summary className="cursor-pointer">Show the figures</summary>
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
              <td>{x}</td>
              {series.map((s) => (
                <td key={s.id} className="text-right">{s.data[i]?.y ?? "–"}{s.data[i]?.anomaly ? " (anomaly)" : ""}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** A small 7-day area chart for the client home's metric cards. */
export function AreaSparkline({ points, label }: { points: { x: string; y: number }[]; label: string }) {
  return (
    <div aria-label={`${label} over the last 7 days`} role="img">
      <Line
        role="presentation"
        width={240}
        height={70}
        data={[{ id: label, data: points }]}
        margin={{ top: 5, right: 5, bottom: 5, left: 5 }}
        enableArea
        areaOpacity={0.15}
        enablePoints={false}
        enableGridX={false}
        enableGridY={false}
        axisBottom={null}
        axisLeft={null}
        colors={[CHART_PALETTE[0]]}
        isInteractive={false}
        animate={false}
        curve="monotoneX"
      />
    </div>
  );
}

/** A metric chart with a legend checkbox per series (spec 1 §2.6); anomaly points are red. */
export function SeriesChart({ series, width = 560, height = 260, caption }: { series: ChartSeries[]; width?: number; height?: number; caption: string }) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const visible = series.filter((s) => !hidden.has(s.id));
  const colour = (id: string) => CHART_PALETTE[series.findIndex((s) => s.id === id) % CHART_PALETTE.length];
  return (
    <div>
      <div role="img" aria-label={caption}>
        <Line
          role="presentation"
          width={width}
          height={height}
          data={visible.map((s) => ({ id: s.id, data: s.data.map((d) => ({ x: d.x, y: d.y })) }))}
          margin={{ top: 10, right: 20, bottom: 40, left: 60 }}
          colors={(s: { id: string | number }) => colour(String(s.id))}
          pointSize={6}
          pointColor={{ from: "seriesColor" }}
          axisBottom={{ tickRotation: -30 }}
          enableSlices={false}
          isInteractive={false}
          animate={false}
          yScale={{ type: "linear", min: "auto", max: "auto" }}
          layers={[
            "grid",
            "axes",
            "lines",
            "points",
            (props) => {
              const xScale = props.xScale as unknown as (x: unknown) => number;
              const yScale = props.yScale as unknown as (y: unknown) => number;
              return (
              <g>
                {visible.flatMap((s) =>
                  s.data.filter((d) => d.anomaly && d.y !== null).map((d) => <circle key={`${s.id}-${d.x}`} cx={xScale(d.x)} cy={yScale(d.y)} r={6} fill="#dc2626" data-anomaly="true" />),
                )}
              </g>
              );
            },
          ]}
        />
      </div>
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
      <FallbackTable series={series} caption={caption} />
    </div>
  );
}

/** Pacing: cumulative spend and the linear projection to the period's end. */
export function PacingChart({ cumulative, projected, above, below }: { cumulative: { time: string; value: number | null }[]; projected: { time: string; value: number | null }[]; above?: number; below?: number }) {
  const series: ChartSeries[] = [
    { id: "Cumulative cost", data: projected.map((p) => ({ x: p.time, y: cumulative.find((c) => c.time === p.time)?.value ?? null })) },
    { id: "Projected cost", data: projected.map((p) => ({ x: p.time, y: p.value })) },
  ];
  if (above !== undefined) series.push({ id: "Upper budget", data: projected.map((p) => ({ x: p.time, y: above })) });
  if (below !== undefined) series.push({ id: "Lower budget", data: projected.map((p) => ({ x: p.time, y: below })) });
  return <SeriesChart series={series} caption="Cumulative and projected cost" />;
}
