import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * Tabs switched by the URL hash (spec 2 §2: usage and job screens). Before hydration (or without
 * JavaScript) `shown` is true for every tab, so all sections render and the tab links jump to them.
 */
export function useHashTab(ids: readonly string[]): { tab: string | null; shown: (id: string) => boolean } {
  const location = useLocation();
  const [tab, setTab] = useState<string | null>(null);
  useEffect(() => {
    const h = location.hash.replace("#", "");
    setTab(ids.includes(h) ? h : ids[0]!);
    // ids is a constant list per screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.hash]);
  return { tab, shown: (id) => tab === null || tab === id };
}

export function HashTabs({ tabs, active }: { tabs: readonly { id: string; label: string }[]; active: string | null }) {
  return (
    <nav className="mb-4 flex flex-wrap gap-x-4 gap-y-1 border-b border-slate-200 text-sm">
      {tabs.map((t) => (
        <a key={t.id} href={`#${t.id}`} aria-current={active === t.id ? "page" : undefined} className={`pb-2 ${active === t.id ? "border-b-2 border-brand-600 font-medium text-brand-700" : "text-slate-500"}`}>
          {t.label}
        </a>
      ))}
    </nav>
  );
}
