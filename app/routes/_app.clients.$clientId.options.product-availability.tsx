import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { checkNowAction, productAvailabilityPage } from "~/services/checks.server";
import { EmptyState } from "~/components/empty-state";
import { AutomaticCheckHeader, formatCheckedAt } from "~/components/automatic-check";
import { GeneralErrorBoundary } from "~/components/error-box";
import { formatValue } from "../../engine/browser.js";

/** product_available (decision 0515): the Shopping products the last check found, advertised-out-of-stock first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await productAvailabilityPage(request, params.clientId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkNowAction(request, params.clientId, "product");
}

export const meta = () => [{ title: "Product availability · Signalpost" }];

const AVAILABILITY: Record<string, string> = { IN_STOCK: "In stock", OUT_OF_STOCK: "Out of stock", PREORDER: "Preorder", BACKORDER: "Backorder" };

export default function ProductAvailability() {
  const d = useLoaderData<typeof loader>();
  return (
    <div>
      <AutomaticCheckHeader title="Product availability" run={{ ...d, offered: d.offered && d.activated }} />
      {d.offered && !d.activated ? (
        <p className="mb-3 text-sm text-slate-600">
          Not active on this account: <Link to={`/clients/${d.clientId}/ads`} className="text-brand-700 hover:underline">activate it on the Ads page</Link>.
        </p>
      ) : null}
      {d.rows.length === 0 ? (
        <EmptyState title="No data" />
      ) : (
        <table className="table-cards w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">Product</th><th className="px-3 py-2">Availability</th><th className="px-3 py-2">Advertised</th><th className="px-3 py-2">Cost yesterday</th><th className="px-3 py-2">Last checked</th></tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.productId} className={`border-t border-slate-100 ${r.inError ? "bg-red-50" : ""}`} data-testid="product-row">
                <td data-label="Product" className="px-3 py-2">
                  {r.title} <span className="text-xs text-slate-600">{r.productId}</span>
                </td>
                <td data-label="Availability" className="px-3 py-2">{r.availability === "IN_STOCK" ? <span className="text-green-700">In stock</span> : <span className={r.inError ? "text-red-700" : "text-slate-700"}>{AVAILABILITY[r.availability] ?? r.availability}</span>}</td>
                <td data-label="Advertised" className="px-3 py-2">{r.advertised ? "Yes" : "No"}</td>
                <td data-label="Cost yesterday" className="px-3 py-2">{r.costYesterday === null || r.costYesterday === undefined ? "–" : formatValue(r.costYesterday, d.currency)}</td>
                <td data-label="Last checked" className="px-3 py-2">{d.succeededAt ? formatCheckedAt(d.succeededAt) : "–"}</td>
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
