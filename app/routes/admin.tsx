import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/error-box";

/** Admin area (spec 3 §2.11): ROLE_ADMIN only; everyone else is sent to /. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  return json({ email: user.email });
}

const items = [
  { to: "/admin", label: "Home", end: true },
  { to: "/admin/google_data_studio", label: "Google Data Studio" },
  { to: "/admin/companies", label: "Companies" },
  { to: "/admin/users", label: "Users" },
];

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen md:flex">
      {/* Narrow screens: the few admin links wrap in a bar above the page instead of a sidebar. */}
      <nav aria-label="Admin" className="border-slate-200 bg-slate-900 pb-2 text-slate-100 md:w-56 md:shrink-0 md:border-r md:pb-0">
        <Link to="/admin" className="block px-5 py-4 font-bold md:h-14">Signalpost admin</Link>
        <ul className="flex flex-wrap gap-1 px-3 md:block">
          {items.map((i) => (
            <li key={i.to}>
              <NavLink to={i.to} end={i.end} className={({ isActive }) => `block rounded px-2 py-1.5 text-sm ${isActive ? "bg-slate-700" : "hover:bg-slate-800"}`}>
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Link to="/" className="mt-2 block px-5 text-xs text-slate-300 hover:text-white md:mt-6">Back to the product</Link>
      </nav>
      <div className="min-w-0 flex-1">
        <header className="flex h-14 items-center justify-end truncate border-b border-slate-200 bg-white px-4 text-sm text-slate-600 sm:px-6">{email}</header>
        <main className="p-4 sm:p-6"><Outlet /></main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
