// Pieces of the sources screens: platform monogram, status badge, periodic refresh and the
// "Connect your account" form that runs the authorization in a popup (spec 2 §4) or, without
// scripts or when popups are blocked, as a plain full-page form post.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Banner } from "./forms";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A platform's logo: its brand mark from simple-icons, or its monogram tile when there is none
 * (/platform-logos/{id}.svg decides, decision 0921). `name` is the alternative text; leave it
 * empty when the platform's name is written next to it.
 */
export function PlatformIcon({ platform, name, size = 32 }: { platform: string; name: string; size?: number }) {
  return <img src={`/platform-logos/${encodeURIComponent(platform)}.svg`} alt={name} width={size} height={size} loading="lazy" className="shrink-0 rounded-md" />;
}

const BADGE_STYLES = {
  success: "bg-green-100 text-green-800",
  error: "bg-red-100 text-red-800",
  warning: "bg-amber-100 text-amber-900",
} as const;

export function StatusBadge({ badge }: { badge: { tone: "success" | "error" | "warning"; label: string } }) {
  return (
    <span data-testid="source-status" data-tone={badge.tone} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${BADGE_STYLES[badge.tone]}`}>
      {badge.label}
    </span>
  );
}

export function FlagBadge({ flag }: { flag: string }) {
  const label = flag.charAt(0).toUpperCase() + flag.slice(1);
  const style = flag === "deprecated" ? "bg-slate-200 text-slate-700" : flag === "beta" ? "bg-amber-100 text-amber-900" : flag === "new" ? "bg-green-100 text-green-800" : "bg-brand-50 text-brand-700";
  return <span className={`rounded px-1.5 py-0.5 text-[10px] font-semibold uppercase ${style}`}>{label}</span>;
}

/** Re-runs the page's loaders every `ms` while the tab is visible (spec 2 §4: status every 5 s). */
export function useRevalidateEvery(ms: number) {
  const revalidator = useRevalidator();
  const state = useRef(revalidator.state);
  state.current = revalidator.state;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state.current === "idle") revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
    // revalidator is a new object on every render; the interval only needs the latest function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ms]);
}

export const POPUP_NAME = "signalpost-connect";
export const POPUP_WIDTH = 972;
export const POPUP_HEIGHT = 660;
export const POPUP_POLL_MS = 100;

/** What a page at the end of an authorization tells the window that opened it. */
export type ConnectOutcome = { status: "connected"; redirectTo: string } | { status: "error"; title: string; message: string };

/** The marker the popup watcher reads; rendered by the OAuth return page and connect errors. */
export function ConnectOutcomeMarker({ outcome }: { outcome: ConnectOutcome }) {
  return <div hidden data-oauth-result={JSON.stringify(outcome)} />;
}

const CLOSED_OUTCOME = {
  status: "error" as const,
  title: "Unable to add a new integration",
  message: "The authorization window was closed before the connection finished.",
};

/**
 * A form that starts the connect flow. With scripts it opens a 972×660 popup named
 * POPUP_NAME, posts into it (target) and watches it every 100 ms until it comes back to one of
 * our pages carrying a ConnectOutcomeMarker; a closed popup is a failure. Without scripts, or
 * when the popup is blocked, the form posts in the page and the flow runs full-page.
 */
export function ConnectForm({
  action,
  hidden,
  children,
  submitLabel,
  disabled,
  className = "",
}: {
  action: string;
  hidden: Record<string, string | number | undefined>;
  children?: ReactNode;
  submitLabel: string;
  disabled?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const modeRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setInterval>>();
  useEffect(() => () => clearInterval(timer.current), []);

  function watch(popup: Window) {
    clearInterval(timer.current);
    setWaiting(true);
    setFailure(null);
    timer.current = setInterval(() => {
      if (popup.closed) {
        clearInterval(timer.current);
        setWaiting(false);
        setFailure(CLOSED_OUTCOME);
        return;
      }
      let marker: Element | null = null;
      try {
        // Throws while the popup is on the platform's origin: keep waiting.
        if (popup.location.origin !== window.location.origin) return;
        marker = popup.document.querySelector("[data-oauth-result]");
      } catch {
        return;
      }
      if (!marker) return;
      clearInterval(timer.current);
      let outcome: ConnectOutcome;
      try {
        outcome = JSON.parse(marker.getAttribute("data-oauth-result") ?? "") as ConnectOutcome;
      } catch {
        outcome = CLOSED_OUTCOME;
      }
      popup.close();
      setWaiting(false);
      if (outcome.status === "connected") window.location.assign(outcome.redirectTo);
      else setFailure({ title: outcome.title, message: outcome.message });
    }, POPUP_POLL_MS);
  }

  return (
    <form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        if (!hydrated) return;
        const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
        const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
        const popup = window.open("", POPUP_NAME, `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
        if (!popup) return; // blocked: the plain post runs the flow full-page
        event.currentTarget.target = POPUP_NAME;
        if (modeRef.current) modeRef.current.value = "popup";
        // After the browser has read the form data: a state update now would re-render the
        // form first and React would put the hidden inputs back to their rendered values.
        setTimeout(() => watch(popup), 0);
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={String(value)} />))}
      <input ref={modeRef} type="hidden" name="mode" defaultValue="page" />
      {children}
      {failure ? (
        <div className="my-3">
          <Banner tone="error" title={failure.title}>
            {failure.message}
          </Banner>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={disabled || waiting}
        aria-busy={waiting || undefined}
        className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {waiting ? "Waiting for the authorization…" : submitLabel}
      </button>
    </form>
  );
}
