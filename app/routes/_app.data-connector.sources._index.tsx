import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { dataSourcesRepo, sourcesRepo } from "~/services/repositories.server";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Sources · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const db = getDb();
  const [sources, accounts] = await Promise.all([sourcesRepo.listNetworkAuthorizations(db, company.id), dataSourcesRepo.listDataSources(db, company.id)]);
  return json({
    sources: sources.map((s) => ({
      id: s.id,
      name: s.name,
      platform: s.platform,
      available: s.availableDataSources?.length ?? 0,
      connected: accounts.filter((a) => a.networkAuthorizationId === s.id).length,
      state: s.state,
    })),
  });
}

export default function Sources() {
  const { sources } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Sources" />
      {sources.length === 0 ? (
        <EmptyState title="You have no source yet." />
      ) : (
        <table className="min-w-full overflow-hidden rounded-lg bg-white text-sm shadow">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-4 py-2">Name</th><th className="px-4 py-2">Source</th><th className="px-4 py-2">Number accounts connected</th><th className="px-4 py-2">Status</th></tr>
          </thead>
          <tbody>
            {sources.map((s) => (
              <tr key={s.id} className="border-t border-slate-100">
                <td className="px-4 py-2 font-medium">{s.name}</td>
                <td className="px-4 py-2">{s.platform} · {s.available} accounts available</td>
                <td className="px-4 py-2">{s.connected}</td>
                <td className="px-4 py-2">{s.state === "SUCCESS" ? "Success sync" : "An error occurred"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
