import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { adminRepo } from "~/services/account-repositories.server";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { formatUtc } from "~/utils/format-date";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const db = getDb();
  const count = async (table: "companies" | "users" | "gdsFields") => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const [companies, users, fields, actions] = await Promise.all([count("companies"), count("users"), count("gdsFields"), adminRepo.listAdminActions(db, user.id, 10)]);
  return json({ companies, users, fields, actions: actions.map((a) => ({ id: a.id, action: a.action, detail: a.detail, createdAt: a.createdAt.toISOString() })) });
}

export default function AdminHome() {
  const data = useLoaderData<typeof loader>();
  const cards = [
    { to: "/admin/google_data_studio", label: "Google Data Studio fields", value: data.fields },
    { to: "/admin/companies", label: "Companies", value: data.companies },
    { to: "/admin/users", label: "Users", value: data.users },
  ];
  return (
    <div className="space-y-6">
      <PageHeader title="Administration" />
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((c) => (
          <Link key={c.to} to={c.to} className="rounded-lg bg-white p-5 shadow hover:ring-2 hover:ring-brand-200">
            <p className="text-sm text-slate-500">{c.label}</p>
            <p className="mt-1 text-3xl font-semibold">{c.value}</p>
          </Link>
        ))}
      </div>
      <section className="rounded-lg bg-white p-6 shadow">
        <h2 className="mb-3 font-semibold">Your recent admin actions</h2>
        {data.actions.length === 0 ? (
          <p className="text-sm text-slate-500">No data</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {data.actions.map((a) => (
              <li key={a.id}><span className="text-slate-500">{formatUtc(a.createdAt, "-")}</span> · {a.action}{a.detail ? ` · ${a.detail}` : ""}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
