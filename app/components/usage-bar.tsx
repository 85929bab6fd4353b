export type UsageView = { used: number; cap: number | null; colour: "grey" | "green" | "yellow" | "red"; trialOver: boolean };

const fill: Record<UsageView["colour"], string> = { grey: "bg-slate-300", green: "bg-green-500", yellow: "bg-yellow-400", red: "bg-red-500" };

/**
 * Accounts used in the last 30 days against the plan's cap. Without a cap there is nothing to fill:
 * the count alone, with "no limit" (issue 19: "2 / ∞" drew a full bar, which reads as "used up").
 */
export function UsageBar({ usage }: { usage: UsageView }) {
  if (usage.cap === null) {
    return (
      <div className="flex items-center gap-2" title="Accounts used in the last 30 days" data-testid="usage-bar" data-colour={usage.colour} data-unlimited="true">
        <span className="text-xs tabular-nums text-slate-600">
          {usage.used} / ∞<span className="sr-only"> accounts used in the last 30 days, no limit</span>
        </span>
      </div>
    );
  }
  const percent = usage.cap === 0 ? 100 : Math.min(100, Math.round((usage.used / usage.cap) * 100));
  return (
    <div className="flex items-center gap-2" title="Accounts used in the last 30 days" data-testid="usage-bar" data-colour={usage.colour}>
      <div className="h-2 w-10 overflow-hidden rounded-full bg-slate-200 sm:w-28" role="meter" aria-valuemin={0} aria-valuemax={usage.cap} aria-valuenow={usage.used} aria-label="Accounts used in the last 30 days">
        <div className={`h-full ${fill[usage.colour]}`} style={{ width: `${percent}%` }} data-testid="usage-fill" />
      </div>
      <span className="text-xs tabular-nums text-slate-600">
        {usage.used} / {usage.cap}
      </span>
    </div>
  );
}
