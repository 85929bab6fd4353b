import { useEffect, useState } from "react";

export type ToastView = { type: "info" | "success" | "error"; title: string; description?: string };

const styles: Record<ToastView["type"], string> = {
  info: "border-brand-200 bg-white text-slate-800",
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export const TOAST_DURATION_MS = 5_000;

/** Shows the toast carried across the last redirect; a CSS animation hides it without JavaScript. */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const [visible, setVisible] = useState<ToastView | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed bottom-4 right-4 z-50 w-80">
      <div role={visible.type === "error" ? "alert" : "status"} data-testid="toast" data-toast-type={visible.type} className={`toast-autohide pointer-events-auto rounded-lg border p-4 shadow-lg ${styles[visible.type]}`}>
        <p className="text-sm font-semibold">{visible.title}</p>
        {visible.description ? <p className="mt-1 text-sm opacity-90">{visible.description}</p> : null}
      </div>
    </div>
  );
}
