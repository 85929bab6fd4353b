import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { UsageBar, type UsageView } from "./usage-bar";
import { BillingBanners, type BannerView } from "./billing-banners";

export type ShellUser = { email: string; firstName: string | null; isAdmin: boolean };
export type ShellCompany = { name: string; activateAlert: boolean; subscribed: boolean; gettingStarted?: { completed: number; total: number } };

type NavItem = { to: string; label: string; end?: boolean };
type NavGroup = { label?: string; items: NavItem[] };

/** Spec 2 §2 Layout: Usage, Sources, Storage, Destinations, API, Settings, Help. */
export function navigationFor(company: ShellCompany): NavGroup[] {
  const groups: NavGroup[] = [];
  // The checklist stays one click away (issue 19): on top with its progress until every step is done, then next to Help.
  const checklist = company.gettingStarted;
  const unfinished = checklist !== undefined && checklist.completed < checklist.total;
  if (unfinished) groups.push({ items: [{ to: "/getting-started", label: `Getting started (${checklist.completed} of ${checklist.total})` }] });
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
    { items: [{ to: "/data-connector/api", label: "API" }, { to: "/settings", label: "Settings" }, ...(checklist && !unfinished ? [{ to: "/getting-started", label: "Getting started" }] : []), { to: "/help", label: "Help" }] },
  );
  return groups;
}

/**
 * The main navigation. From lg up it is the sidebar; below, a drawer opened by the "Menu" summary
 * of the <details> just before it (CSS `peer-open`), so it opens and closes without JavaScript.
 * With JavaScript it also closes on navigation, on Escape and on a click outside.
 */
function NavDrawer({ company }: { company: ShellCompany }) {
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const close = () => drawer.current?.removeAttribute("open");
  useEffect(close, [location.pathname, location.search]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && drawer.current?.open) {
        close();
        drawer.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <details ref={drawer} className="peer fixed left-2 top-2 z-50 lg:hidden" data-testid="nav-drawer">
        <summary aria-controls="main-nav" className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
          <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
          </svg>
          <span className="sr-only">Menu</span>
        </summary>
      </details>
      <div aria-hidden className="fixed inset-0 z-30 hidden bg-slate-900/40 peer-open:block lg:!hidden" onClick={close} />
      <nav
        id="main-nav"
        aria-label="Main"
        className="fixed inset-y-0 left-0 z-40 hidden w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-slate-200 bg-white shadow-xl peer-open:flex lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-56 lg:shadow-none"
      >
        <Link to="/" className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 pl-14 pr-5 text-lg font-bold text-brand-700 lg:pl-5">
          <span aria-hidden className="inline-block h-3 w-3 rounded-full bg-brand-500" />
          Signalpost
        </Link>
        <p className="truncate px-5 pt-3 text-xs text-slate-500 lg:hidden">{company.name}</p>
        <div className="flex-1 px-3 py-4">
          {navigationFor(company).map((group, i) => (
            <div key={i} className="mb-4">
              {group.label ? <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.label}</p> : null}
              <ul>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={({ isActive }) =>
                        `block rounded px-2 py-2 text-sm lg:py-1.5 ${isActive ? "bg-brand-50 font-medium text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
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
    </>
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
        <span className="hidden max-w-[12rem] truncate sm:inline">{user.email}</span>
        <span className="sr-only sm:hidden">Account menu for {user.email}</span>
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
        <span className="hidden rounded-full bg-green-100 px-2.5 py-1 text-xs font-medium text-green-800 sm:inline" data-testid="subscribed-indicator">Subscribed</span>
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
    <div className="min-h-screen lg:flex">
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 text-sm focus:not-sr-only focus:fixed focus:left-14 focus:top-2">Skip to content</a>
      <NavDrawer company={company} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-2 border-b border-slate-200 bg-white pl-14 pr-3 sm:gap-4 sm:pr-6 lg:static lg:px-6">
          <div className="hidden min-w-0 truncate text-sm font-medium text-slate-500 sm:block">{company.name}</div>
          <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-4">
            <UsageBar usage={usage} />
            <SubscriptionButton company={company} usage={usage} />
            <UserMenu user={user} />
          </div>
        </header>
        {impersonating ? (
          <div className="bg-amber-100 px-4 py-2 text-sm text-amber-900 sm:px-6" role="status">
            You are acting as {user.email}.
            <Form method="post" action="/admin/stop-impersonating" className="ml-2 inline">
              <button className="underline">Back to your account</button>
            </Form>
          </div>
        ) : null}
        <BillingBanners banners={banners} />
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
