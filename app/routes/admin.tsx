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
    <div className="flex min-h-screen">
      <nav aria-label="Admin" className="w-56 shrink-0 border-r border-slate-200 bg-slate-900 text-slate-100">
        <Link to="/admin" className="block h-14 px-5 py-4 font-bold">Signalpost admin</Link>
        <ul className="px-3">
          {items.map((i) => (
            <li key={i.to}>
              <NavLink to={i.to} end={i.end} className={({ isActive }) => `block rounded px-2 py-1.5 text-sm ${isActive ? "bg-slate-700" : "hover:bg-slate-800"}`}>
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Link to="/" className="mt-6 block px-5 text-xs text-slate-400 hover:text-white">Back to the product</Link>
      </nav>
      <div className="flex-1">
        <header className="flex h-14 items-center justify-end border-b border-slate-200 bg-white px-6 text-sm text-slate-600">{email}</header>
        <main className="p-6"><Outlet /></main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
