import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { liveCheckPage } from "~/services/alerts.server";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await liveCheckPage(request, params.clientId, "listConversionTags"));
}

export const meta = () => [{ title: "Conversion tags · Signalpost" }];

export default function ConversionTags() {
  const d = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Conversion tags" />
      {d.error ? <p role="alert" className="text-sm text-red-700">Not available: {d.error}</p> : null}
      {!d.rows || d.rows.length === 0 ? (
        <EmptyState title="No data" />
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">Tag</th><th className="px-3 py-2">Type</th><th className="px-3 py-2">Status</th></tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.tagId} className="border-t border-slate-100">
                <td className="px-3 py-2">{r.name}</td>
                <td className="px-3 py-2">{r.type}</td>
                <td className="px-3 py-2">{r.status === "ENABLED" ? <span className="text-green-700">Running</span> : <span className="text-red-700">Not Running</span>}</td>
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
