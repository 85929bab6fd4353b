import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { checkNowAction, conversionTagPage } from "~/services/checks.server";
import { EmptyState } from "~/components/empty-state";
import { AutomaticCheckHeader } from "~/components/automatic-check";
import { GeneralErrorBoundary } from "~/components/error-box";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await conversionTagPage(request, params.clientId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkNowAction(request, params.clientId, "conversion_tag");
}

export const meta = () => [{ title: "Conversion tags · Signalpost" }];

export default function ConversionTags() {
  const d = useLoaderData<typeof loader>();
  return (
    <div>
      <AutomaticCheckHeader title="Conversion tags" run={d} />
      {d.rows.length === 0 ? (
        <EmptyState title="No data" />
      ) : (
        <table className="table-cards w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">Tag</th><th className="px-3 py-2">Type</th><th className="px-3 py-2">Status</th><th className="px-3 py-2">Last view</th></tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.tagId} className="border-t border-slate-100" data-testid="tag-row">
                <td data-label="Tag" className="px-3 py-2">{r.name}</td>
                <td data-label="Type" className="px-3 py-2">{r.type}</td>
                <td data-label="Status" className="px-3 py-2">{r.status === "ENABLED" ? <span className="text-green-700">Running</span> : <span className="text-red-700">Not Running</span>}</td>
                <td data-label="Last view" className="px-3 py-2">{r.lastView ?? "–"}</td>
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
