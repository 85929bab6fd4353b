import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { checkNowAction, securityPage } from "~/services/checks.server";
import { EmptyState } from "~/components/empty-state";
import { AutomaticCheckHeader } from "~/components/automatic-check";
import { GeneralErrorBoundary } from "~/components/error-box";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await securityPage(request, params.clientId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkNowAction(request, params.clientId, "security");
}

export const meta = () => [{ title: "Security · Signalpost" }];

export default function Security() {
  const d = useLoaderData<typeof loader>();
  return (
    <div>
      <AutomaticCheckHeader title="Security" run={d} />
      {d.rows.length === 0 ? (
        <EmptyState title="No data" />
      ) : (
        <table className="table-cards w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">Domain name</th><th className="px-3 py-2">Verified</th><th className="px-3 py-2">Verified by</th></tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.domain} className="border-t border-slate-100" data-testid="security-row">
                <td data-label="Domain name" className="px-3 py-2">{r.domain}</td>
                <td data-label="Verified" className="px-3 py-2">{r.verifiedAt ? <span className="text-green-700">Verified</span> : <span className="text-red-700">Not verified</span>}</td>
                <td data-label="Verified by" className="px-3 py-2">{r.verifiedBy ?? "–"}</td>
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
