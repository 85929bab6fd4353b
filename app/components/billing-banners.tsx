import { Link } from "@remix-run/react";

export type BannerView = { kind: "payment-problem" | "trial-over" | "trial-ending" | "over-limit"; daysLeft?: number; used?: number; cap?: number; lockOn?: string };

/** Spec 2 §8 banners (wording fixed per docs/spec-deviations.md), most urgent first. */
export function BillingBanners({ banners }: { banners: BannerView[] }) {
  if (!banners.length) return null;
  return (
    <div className="space-y-px" data-testid="billing-banners">
      {banners.map((b) => {
        switch (b.kind) {
          case "payment-problem":
            return (
              <Row key={b.kind} tone="red" testId="banner-payment">
                <strong>Attention needed</strong> - There is a problem with your payment method. Update it to keep your plan active.
                <Action to="/billing-space">Update payment method</Action>
              </Row>
            );
          case "trial-over":
            return (
              <Row key={b.kind} tone="red" testId="banner-trial-over">
                Your 14 day free-trial is over. Data extraction is paused until you subscribe.
                <Action to="/buy">Subscribe now</Action>
              </Row>
            );
          case "trial-ending":
            return (
              <Row key={b.kind} tone="amber" testId="banner-trial-ending">
                Your 14 day free-trial is almost over ({b.daysLeft} day{b.daysLeft === 1 ? "" : "s"} left).
                <Action to="/buy">Subscribe now</Action>
              </Row>
            );
          case "over-limit":
            return (
              <Row key={b.kind} tone="amber" testId="banner-over-limit">
                You are currently using more accounts than allowed: {b.used} accounts used in the last 30 days for {b.cap} in your plan. Without action, the accounts beyond your plan will be locked
                {b.lockOn ? ` on ${new Date(b.lockOn).toLocaleDateString("en-GB", { day: "numeric", month: "long" })}` : ""}.
                <Action to="/buy">Update now</Action>
              </Row>
            );
        }
      })}
    </div>
  );
}

function Row({ tone, testId, children }: { tone: "red" | "amber"; testId: string; children: React.ReactNode }) {
  return (
    <div role="alert" data-testid={testId} className={`flex flex-wrap items-center gap-x-3 gap-y-1 px-6 py-2 text-sm ${tone === "red" ? "bg-red-600 text-white" : "bg-amber-100 text-amber-900"}`}>
      {children}
    </div>
  );
}

function Action({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="rounded border border-current px-2 py-0.5 font-medium hover:bg-white/20">
      {children}
    </Link>
  );
}
