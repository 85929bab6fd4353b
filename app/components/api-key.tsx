import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";

/** Spec 2 §9: the "Copied!" tip stays 10 s. */
export const COPIED_TIP_MS = 10_000;

/** A copy button that shows "Copied!" for 10 s; without JavaScript the field can still be selected by hand. */
export function CopyButton({ text, label = "Copy", className = "" }: { text: string; label?: string; className?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_TIP_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated) return null;
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
          } catch {
            // Clipboard refused (insecure origin, permissions): the text stays selectable in its field.
          }
          setCopied(true);
        }}
        className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 ${className}`}
      >
        {label}
      </button>
      {copied ? (
        <span role="status" className="absolute -top-8 left-1/2 -translate-x-1/2 whitespace-nowrap rounded bg-slate-800 px-2 py-1 text-xs text-white">
          Copied!
        </span>
      ) : null}
    </span>
  );
}

/** Read-only API key with Copy; `rotateHref` adds the rotation link (company settings only). */
export function ApiKeyField({ apiKey, rotateHref }: { apiKey: string; rotateHref?: string }) {
  return (
    <div>
      <label htmlFor="api-key" className="block text-sm font-medium text-slate-700">API key</label>
      <div className="mt-1 flex gap-2">
        <input id="api-key" readOnly value={apiKey} className="block w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2 font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={apiKey} />
      </div>
      {rotateHref ? (
        <p className="mt-2 text-xs text-slate-500">
          Every query URL carries this key. If it leaked,{" "}
          <Link to={rotateHref} className="font-medium text-red-600 hover:underline">rotate the API key</Link>: the current key stops working at once.
        </p>
      ) : null}
    </div>
  );
}
