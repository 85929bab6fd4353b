import { NavLink, Outlet } from "@remix-run/react";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Settings · Signalpost" }];

/** Spec 3 §2.1/§2.10: left menu Account, Users, Notifications, Billing (links to /billing-space); Connected apps (issue 15). */
const tabs = [
  { to: "/settings", label: "Account", end: true },
  { to: "/settings/users", label: "Users" },
  { to: "/settings/notifications", label: "Notifications" },
  { to: "/settings/currency", label: "Currency" },
  { to: "/settings/connected-apps", label: "Connected apps" },
  { to: "/billing-space", label: "Billing" },
];

export default function SettingsLayout() {
  return (
    <div>
      <PageHeader title="Settings" />
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label="Settings" className="w-full shrink-0 md:w-48">
          <ul className="space-y-1">
            {tabs.map((t) => (
              <li key={t.to}>
                <NavLink
                  to={t.to}
                  end={t.end}
                  className={({ isActive }) => `block rounded px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-medium text-brand-700" : "text-slate-600 hover:bg-slate-100"}`}
                >
                  {t.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
