// What an alert result says about itself (issue 18), shared by the detail page, the editor's
// preview and the inbox: its status with Provisional / Held back, each condition as a sentence
// with units (engine/alerts/explain.ts), its chart with the threshold and reference lines, and
// the schedule line "Checked hourly · last 17:05 · next about 18:05".
import { explainCondition, formatValue, resultState, type EntityResult } from "../../engine/browser.js";
import type { ChartLine, ChartSeries } from "./alert-charts";

type ResultLike = Pick<EntityResult, "status" | "conditions" | "provisional" | "settlesOn">;

const TONES = { red: "bg-red-100 text-red-700", green: "bg-green-100 text-green-700", slate: "bg-slate-100 text-slate-600" } as const;

/** "Anomaly" / "Not in anomaly" / "No data", and under it "Provisional until 21 Nov" or "Held back: …". */
export function ResultStatus({ result }: { result: ResultLike }) {
  const state = resultState(result);
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span className={`rounded-full px-2 py-0.5 text-xs ${TONES[state.tone]}`}>{state.label}</span>
      {state.note ? (
        <span className="text-xs text-amber-700" data-testid="result-note">
          {state.note}
        </span>
      ) : null}
    </span>
  );
}

/** The conditions as sentences, the fired ones first. */
export function ResultExplanation({ result }: { result: ResultLike }) {
  const conditions = [...result.conditions].sort((a, b) => Number(b.fired) - Number(a.fired));
  return (
    <ul className="space-y-0.5" data-testid="result-explanation">
      {conditions.map((c, i) => (
        <li key={i} className={c.fired ? "text-slate-900" : "text-slate-600"}>
          {explainCondition(c)}
        </li>
      ))}
    </ul>
  );
}

/** The metric chart of a result: its series, the lines to compare them with, the still-changing band. */
export function resultChart(result: Pick<EntityResult, "series" | "guides" | "provisionalFrom" | "conditions">): { series: ChartSeries[]; lines: ChartLine[]; provisionalFrom?: string; unit?: string } {
  const first = result.conditions[0];
  const unit = first?.unit;
  const rate = first?.per ? `/${first.per}` : "";
  const label = (kind: ChartLine["kind"], value: number): string => {
    if (kind === "threshold") return `Alert level ${formatValue(value, unit)}`;
    if (kind === "reference") return `Reference ${formatValue(value, unit)}${rate}`;
    const sign = first?.comparison === "below" ? "\u2212" : "+";
    return `Alert level ${formatValue(value, unit)}${rate} (${sign}${first?.target ?? 0} %)`;
  };
  return {
    series: Object.entries(result.series ?? {}).map(([metric, points]) => ({
      id: result.conditions.find((c) => c.metric === metric)?.metricName ?? metric,
      data: points.map((p) => ({ x: p.time, y: p.value, ...(p.anomaly ? { anomaly: true } : {}) })),
    })),
    lines: (result.guides ?? []).map((g) => ({ kind: g.kind, value: g.value, label: label(g.kind, g.value) })),
    ...(result.provisionalFrom ? { provisionalFrom: result.provisionalFrom } : {}),
    ...(unit ? { unit } : {}),
  };
}

/** "17:05" today, "24 Nov 17:05" another day (UTC, like the rest of the screens). */
export function formatClock(iso: string, now: string): string {
  const time = iso.slice(11, 16);
  if (iso.slice(0, 10) === now.slice(0, 10)) return time;
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(iso));
  return `${day} ${time}`;
}

export type ScheduleInfo = { last: string | null; next: string; pending: "first-run" | "run-now" | null };

/** "Checked hourly · last 17:05 · next about 18:05 (UTC)", or the run on its way. */
export function ScheduleLine({ schedule, now, className = "text-sm text-slate-500" }: { schedule: ScheduleInfo; now: string; className?: string }) {
  const last = schedule.pending === "first-run" ? "first run on its way" : schedule.pending === "run-now" ? "running now" : schedule.last ? `last ${formatClock(schedule.last, now)}` : "never run";
  return (
    <p className={className} data-testid="schedule">
      Checked hourly · {last} · next about {formatClock(schedule.next, now)} (UTC)
    </p>
  );
}
