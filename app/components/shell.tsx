import { Form, Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { UsageBar, type UsageView } from "./usage-bar";
import { BillingBanners, type BannerView } from "./billing-banners";

export type ShellUser = { email: string; firstName: string | null; isAdmin: boolean };
export type ShellCompany = { name: string; activateAlert: boolean; subscribed: boolean };

type NavItem = { to: string; label: string; end?: boolean };
type NavGroup = { label?: string; items: NavItem[] };

/** Spec 2 §2 Layout: Usage, Sources, Storage, Destinations, API, Settings, Help. */
export function navigationFor(company: ShellCompany): NavGroup[] {
  const groups: NavGroup[] = [];
  if (company.activateAlert) groups.push({ items: [{ to: "/", label: "Dashboard", end: true }] });
  groups.push(
    { items: [{ to: "/data-connector/usage", label: "Usage" }, { to: "/data-connector/sources", label: "Sources" }] },
    { label: "Storage", items: [{ to: "/data-connector/data-stream", label: "Datastream" }, { to: "/data-connector/destinations", label: "Database" }] },
    {
      label: "Destinations",
      items: [
        { to: "/data-connector/looker-studio", label: "Looker Studio" },
        { to: "/data-connector/power-bi", label: "PowerBI" },
        { to: "/data-connector/google-sheets", label: "Google Sheets" },
        { to: "/data-connector/microsoft-excel", label: "Microsoft Excel" },
      ],
    },
    { items: [{ to: "/data-connector/api", label: "API" }, { to: "/settings", label: "Settings" }, { to: "/help", label: "Help" }] },
  );
  return groups;
}

function Sidebar({ company }: { company: ShellCompany }) {
  return (
    <nav aria-label="Main" className="flex w-56 shrink-0 flex-col border-r border-slate-200 bg-white">
      <Link to="/" className="flex h-14 items-center gap-2 border-b border-slate-200 px-5 text-lg font-bold text-brand-700">
        <span aria-hidden className="inline-block h-3 w-3 rounded-full bg-brand-500" />
        Signalpost
      </Link>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        {navigationFor(company).map((group, i) => (
          <div key={i} className="mb-4">
            {group.label ? <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">{group.label}</p> : null}
            <ul>
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      `block rounded px-2 py-1.5 text-sm ${isActive ? "bg-brand-50 font-medium text-brand-700" : "text-slate-600 hover:bg-slate-100"}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

function UserMenu({ user }: { user: ShellUser }) {
  // <details> opens and closes without JavaScript.
  return (
    <details className="relative" data-testid="user-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100">
        <span aria-hidden className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700">
          {(user.firstName?.[0] ?? user.email[0]).toUpperCase()}
        </span>
        <span className="max-w-[12rem] truncate">{user.email}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        <Link to="/profile" className="block px-4 py-2 text-sm hover:bg-slate-50">Your profile</Link>
        <Link to="/billing-space" className="block px-4 py-2 text-sm hover:bg-slate-50">Billing</Link>
        {user.isAdmin ? <Link to="/admin" className="block px-4 py-2 text-sm hover:bg-slate-50">Admin</Link> : null}
        <Form method="post" action="/logout">
          <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-50">Logout</button>
        </Form>
      </div>
    </details>
  );
}

function SubscriptionButton({ company, usage }: { company: ShellCompany; usage: UsageView }) {
  if (company.subscribed) {
    return (
      <div className="flex items-center gap-2">
        <span className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-medium text-green-800" data-testid="subscribed-indicator">Subscribed</span>
        <Link to="/buy" className="rounded-md border border-brand-500 px-3 py-1.5 text-sm font-medium text-brand-600 hover:bg-brand-50">Upgrade</Link>
      </div>
    );
  }
  return (
    <Link to="/buy" className={`rounded-md px-3 py-1.5 text-sm font-medium text-white ${usage.trialOver ? "bg-red-600 hover:bg-red-700" : "bg-brand-600 hover:bg-brand-700"}`}>
      Subscribe now
    </Link>
  );
}

export function Shell({ user, company, usage, impersonating, banners = [], children }: { user: ShellUser; company: ShellCompany; usage: UsageView; impersonating: boolean; banners?: BannerView[]; children: ReactNode }) {
  return (
    <div className="flex h-full min-h-screen">
      <Sidebar company={company} />
      <div className="flex min-w-0 flex-1 flex-col">
        {impersonating ? (
          <div className="bg-amber-100 px-6 py-2 text-sm text-amber-900" role="status">
            You are acting as {user.email}.
            <Form method="post" action="/admin/stop-impersonating" className="ml-2 inline">
              <button className="underline">Back to your account</button>
            </Form>
          </div>
        ) : null}
        <header className="flex h-14 items-center justify-between gap-4 border-b border-slate-200 bg-white px-6">
          <div className="text-sm font-medium text-slate-500">{company.name}</div>
          <div className="flex items-center gap-4">
            <UsageBar usage={usage} />
            <SubscriptionButton company={company} usage={usage} />
            <UserMenu user={user} />
          </div>
        </header>
        <BillingBanners banners={banners} />
        <main className="flex-1 overflow-y-auto p-6">{children}</main>
      </div>
    </div>
  );
}
