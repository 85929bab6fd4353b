import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createObjective, objectivesPage } from "~/services/objectives.server";
import { PACING_PERIOD_LABELS } from "../../engine/browser.js";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";

/** Objectives (decision 0515): period targets on a metric, evaluated like pacing; the Ads card. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await objectivesPage(request, params.clientId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return createObjective(request, params.clientId);
}

export const meta = () => [{ title: "Objectives · Signalpost" }];

const fmt = (n: number | null) => (n === null ? "–" : new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 }).format(n));

export default function Objectives() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<{ errors: Record<string, string>; values: Record<string, string> }>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const err = (k: string) => (a?.errors?.[k] ? [a.errors[k]] : null);
  const v = a?.values ?? {};
  return (
    <div className="space-y-8">
      <PageHeader title="Objectives" />
      {d.rows.length === 0 ? (
        <EmptyState title="No objective configured">Set a target for the month, the week or each day; it is checked every hour against the projection to the period's end.</EmptyState>
      ) : (
        <table className="table-cards w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">Objective</th><th className="px-3 py-2">Target</th><th className="px-3 py-2">Status</th><th className="px-3 py-2">Last run</th></tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100" data-testid="objective-row">
                <td data-label="Objective" className="px-3 py-2"><Link to={`/clients/${d.clientId}/details/${r.id}`} className="text-brand-700 hover:underline">{r.title}</Link></td>
                <td data-label="Target" className="px-3 py-2">
                  {r.target ? `${r.target.metric} ${PACING_PERIOD_LABELS[r.target.period as keyof typeof PACING_PERIOD_LABELS] ?? r.target.period}${r.target.atLeast !== null ? ` · at least ${fmt(r.target.atLeast)}` : ""}${r.target.atMost !== null ? ` · at most ${fmt(r.target.atMost)}` : ""}` : "–"}
                </td>
                <td data-label="Status" className="px-3 py-2">{r.status === "ANOMALY" ? <span className="text-red-700">Off target</span> : r.status === "OK" ? <span className="text-green-700">On target</span> : r.status === "NO_DATA" ? "No data" : "Not evaluated yet"}</td>
                <td data-label="Last run" className="px-3 py-2">{r.lastAnalyze ? r.lastAnalyze.replace("T", " ").slice(0, 16) + " UTC" : "Never"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {d.supported ? (
        <section className="max-w-xl rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-3 text-lg font-semibold">Add an objective</h2>
          <Form method="post" className="space-y-2" noValidate>
            <Field label="Name" errors={err("title")} inputProps={{ id: "title", name: "title", defaultValue: v.title ?? "", placeholder: "Input a name for your objective" }} />
            <div>
              <label htmlFor="metric" className="block text-sm font-medium text-slate-700">Metric</label>
              <select id="metric" name="metric" defaultValue={v.metric ?? "conversions"} aria-invalid={err("metric") ? true : undefined} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
                {d.metrics.length ? d.metrics.map((m) => <option key={m.id} value={m.id}>{m.name}</option>) : ["conversions", "cost", "clicks", "impressions"].map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
              <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{err("metric")}</div>
            </div>
            <div>
              <label htmlFor="period" className="block text-sm font-medium text-slate-700">Period</label>
              <select id="period" name="period" defaultValue={v.period ?? "start_of_month"} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
                {Object.entries(PACING_PERIOD_LABELS).map(([id, label]) => <option key={id} value={id}>{label}</option>)}
              </select>
              <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{err("period")}</div>
            </div>
            <div className="grid grid-cols-2 gap-3">
              <Field label="At least" errors={err("atLeast")} inputProps={{ id: "atLeast", name: "atLeast", type: "number", min: 0, step: "any", defaultValue: v.atLeast ?? "" }} />
              <Field label="At most" errors={err("atMost")} inputProps={{ id: "atMost", name: "atMost", type: "number", min: 0, step: "any", defaultValue: v.atMost ?? "" }} />
            </div>
            <SubmitButton busy={busy}>Save objective</SubmitButton>
          </Form>
        </section>
      ) : (
        <p className="text-sm text-slate-600">Objectives are not available for this platform.</p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
