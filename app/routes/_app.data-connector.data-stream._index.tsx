import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listStreamRows } from "~/services/data-streams.server";
import { requireUser } from "~/services/session.server";
import { destinationLabel } from "~/utils/destinations";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta: MetaFunction = () => [{ title: "Data streams · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json({ streams: await listStreamRows(company.id) });
}

export default function DataStreams() {
  const { streams } = useLoaderData<typeof loader>();
  const add = (
    <Link to="/data-connector/data-stream/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
      Add data stream
    </Link>
  );
  return (
    <div>
      <PageHeader title="Data streams" actions={add} />
      {streams.length === 0 ? (
        <EmptyState title="You have no data stream yet.">A data stream sends the data of one platform into one of your destinations on a schedule.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow">
          <table className="table-cards min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2">Name</th>
                <th className="px-4 py-2">Platform</th>
                <th className="px-4 py-2">Destination</th>
                <th className="px-4 py-2">Jobs</th>
                <th className="px-4 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {streams.map((s) => (
                <tr key={s.id} data-testid="stream-row" className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-2 text-left font-medium">{s.name}</th>
                  <td data-label="Platform" className="px-4 py-2">{s.platformName}</td>
                  <td data-label="Destination" className="px-4 py-2">
                    {s.destination} <span className="text-xs text-slate-500">({destinationLabel(s.destinationType)})</span>
                  </td>
                  <td data-label="Jobs" className="px-4 py-2">{s.jobs}</td>
                  <td className="space-x-2 whitespace-nowrap px-4 py-2 text-right">
                    <Link to={`/data-connector/data-stream/${s.id}`} className="text-brand-600 hover:underline">View</Link>
                    <Link to={`/data-connector/data-stream/${s.id}/jobs/new`} className="text-brand-600 hover:underline">Add job</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
