export function Spinner({ label = "Loading", className = "" }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={`inline-block h-5 w-5 rounded-full border-2 border-current border-t-transparent ${className}`} style={{ animation: "spin 0.8s linear infinite" }} />
  );
}

/** Thin bar and spinner while a navigation or submission is under way (spec 1 §2.2). */
export function NavigationProgress({ busy }: { busy: boolean }) {
  if (!busy) return null;
  return (
    <div className="fixed right-4 top-3 z-50 flex items-center gap-2 rounded bg-white/90 px-3 py-1 text-sm text-brand-600 shadow" data-testid="global-spinner">
      <Spinner label="Loading" className="h-4 w-4" />
      <span>Loading…</span>
    </div>
  );
}
