import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NavLink, Outlet, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { requireClient } from "~/services/alerts.server";

/** The client area (spec 1 §2.4): side navigation around the client's pages. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const options = client.platform?.alertOptions ?? {};
  return json({
    id: client.dataSource.id,
    name: client.dataSource.name,
    platformName: client.platform?.displayName ?? client.platformId,
    icon: client.icon,
    checks: { url: Boolean(options.url_checker), security: Boolean(options.security), ads: Boolean(options.ads), conversionTag: Boolean(options.conversion_tag), productAvailable: Boolean(options.product_available) },
  });
}

export const meta = ({ data }: { data?: { name: string } }) => [{ title: `${data?.name ?? "Client"} · Signalpost` }];

export default function ClientLayout() {
  const c = useLoaderData<typeof loader>();
  const items = [
    { to: `/clients/${c.id}`, label: "Home", end: true },
    { to: `/clients/${c.id}/anomalies`, label: "Alerts" },
    { to: `/clients/${c.id}/pacing`, label: "Pacing" },
    ...(c.checks.url ? [{ to: `/clients/${c.id}/options/url-checker`, label: "Url checker" }] : []),
    ...(c.checks.security ? [{ to: `/clients/${c.id}/options/security`, label: "Security" }] : []),
    ...(c.checks.ads ? [{ to: `/clients/${c.id}/objectives`, label: "Objectives" }, { to: `/clients/${c.id}/ads`, label: "Ads" }] : []),
    ...(c.checks.conversionTag ? [{ to: `/clients/${c.id}/options/conversion-tag`, label: "Conversion tag" }] : []),
    ...(c.checks.productAvailable ? [{ to: `/clients/${c.id}/options/product-availability`, label: "Product availability" }] : []),
    { to: `/clients/${c.id}/settings`, label: "Settings" },
  ];
  return (
    <div className="flex flex-col gap-4 md:flex-row md:gap-6">
      <aside className="shrink-0 md:w-48">
        <div className="mb-4 flex items-center gap-2">
          <img src={c.icon} alt="" width={28} height={28} />
          <div>
            <p className="text-sm font-semibold text-slate-900">{c.name}</p>
            <p className="text-xs text-slate-500">{c.platformName}</p>
          </div>
        </div>
        <nav aria-label="Client" className="-mx-1 flex gap-1 overflow-x-auto pb-1 text-sm md:mx-0 md:flex-col md:overflow-visible md:pb-0">
          {items.map((i) => (
            <NavLink key={i.to} to={i.to} end={i.end} className={({ isActive }) => `whitespace-nowrap rounded px-2 py-1 ${isActive ? "bg-brand-50 font-medium text-brand-700" : "text-slate-600 hover:bg-slate-100"}`}>
              {i.label}
            </NavLink>
          ))}
        </nav>
      </aside>
      <section className="min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">Unable to load</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">An error occurred</p>
      <p>An error occurred. Do not worry, it's not you, it's us. Try again or contact your account manager to get help.</p>
    </div>
  );
}
