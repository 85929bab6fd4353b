import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { usersRepo } from "~/services/repositories.server";
import { gettingStartedProgress, gettingStartedSources } from "~/services/getting-started.server";
import { GETTING_STARTED_STEPS, type GettingStartedStep } from "~/utils/getting-started";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { SourceCards, Stepper } from "~/components/wizard";
import { readForm } from "~/services/request-input.server";

export const meta = () => [{ title: "Getting started · Signalpost" }];

/** Spec 3 §2.4 step 2: each destination opens its page under the data connector. */
export const DESTINATIONS = [
  { id: "looker-studio", title: "Looker Studio", text: "Build dashboards in Google's free reporting tool.", to: "/data-connector/looker-studio" },
  { id: "google-sheets", title: "Google Sheets", text: "Refresh spreadsheets with your marketing data.", to: "/data-connector/google-sheets" },
  { id: "power-bi", title: "Power BI", text: "Connect Microsoft's BI tool through a query URL.", to: "/data-connector/power-bi" },
  { id: "microsoft-excel", title: "Microsoft Excel", text: "Load data into Excel with the add-in.", to: "/data-connector/microsoft-excel" },
  { id: "destinations", title: "Databases and storage", text: "Stream data into BigQuery, Snowflake, S3 and more.", to: "/data-connector/destinations" },
  { id: "api", title: "API", text: "Query any source from your own code.", to: "/data-connector/api" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const url = new URL(request.url);
  const sources = await gettingStartedSources(company.id);
  const chosen = sources.find((s) => String(s.id) === url.searchParams.get("source"));
  const progress = await gettingStartedProgress(company.id);
  // Step 0 moves to step 1 once a source is chosen; a stale or foreign id stays on step 0.
  return json({ step: chosen ? 1 : 0, chosen: chosen ?? null, sources, addNew: url.searchParams.get("add") === "1", progress });
}

/** Skip stops the automatic redirect here and goes to the data connector (spec 3 §2.4). */
export async function action({ request }: ActionFunctionArgs) {
  const { user, company } = await requireUser(request);
  // No fields, but the body is still read: a wrong content type or a hostile body is refused (decision 0830).
  await readForm(request);
  await usersRepo.markGettingStartedSkipped(getDb(), company.id, user.id);
  return redirect("/data-connector");
}

const STEPS = ["Source", "Destination"] as const;

const STEP_TEXT: Record<GettingStartedStep, { todo: string; action: string }> = {
  source: { todo: "Connect the platform you want to read data from: an ads account, an analytics property or a shop.", action: "Add a source" },
  accounts: { todo: "Open your source and activate the accounts Signalpost should read.", action: "Choose accounts" },
  destination: { todo: "Pick where the data goes: a BI tool, a spreadsheet, a database, or a saved query.", action: "Choose a destination" },
  data: { todo: "Open a saved query's URL in your tool, or run a data stream job: the first rows that arrive tick this step.", action: "Build a query" },
};

/** The four steps with what is done, and a link to carry on at the first one that is not (issue 19). */
function Checklist({ progress, firstSourceId }: { progress: { done: Record<GettingStartedStep, boolean>; current: GettingStartedStep | null; completed: number; total: number }; firstSourceId: number | null }) {
  const hrefs: Record<GettingStartedStep, string> = {
    source: "/data-connector/sources/new",
    accounts: firstSourceId ? `/data-connector/sources/${firstSourceId}` : "/data-connector/sources",
    destination: firstSourceId ? `/getting-started?source=${firstSourceId}` : "/data-connector/destinations",
    data: "/data-connector/api",
  };
  return (
    <section aria-labelledby="checklist-title" className="mb-6 rounded-lg bg-white p-6 shadow" data-testid="getting-started-checklist">
      <h2 id="checklist-title" className="font-semibold">
        {progress.current ? `${progress.completed} of ${progress.total} steps done` : "All set: your data is flowing"}
      </h2>
      <ol className="mt-3 space-y-2">
        {GETTING_STARTED_STEPS.map((step, i) => {
          const status = progress.done[step.id] ? "done" : progress.current === step.id ? "current" : "todo";
          return (
            <li key={step.id} data-testid={`checklist-${step.id}`} data-state={status} aria-current={status === "current" ? "step" : undefined} className={`flex flex-wrap items-center gap-3 rounded-md border p-3 ${status === "current" ? "border-brand-400 bg-brand-50" : "border-slate-200"}`}>
              <span aria-hidden className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${status === "done" ? "bg-emerald-600 text-white" : status === "current" ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-700"}`}>
                {status === "done" ? "✓" : i + 1}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-800">
                  {step.label}
                  <span className="sr-only">{status === "done" ? " (done)" : status === "current" ? " (next step)" : " (to do)"}</span>
                </span>
                {status !== "done" ? <span className="block text-sm text-slate-600">{STEP_TEXT[step.id].todo}</span> : null}
              </span>
              {status === "current" ? (
                <Link to={hrefs[step.id]} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">{STEP_TEXT[step.id].action}</Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export default function GettingStarted() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Getting started"
        actions={
          <Form method="post">
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50" disabled={navigation.state === "submitting"}>Skip</button>
          </Form>
        }
      />
      <Checklist progress={data.progress} firstSourceId={data.sources[0]?.id ?? null} />
      <Stepper steps={STEPS} current={data.step} />
      {data.step === 0 ? (
        <section className="rounded-lg bg-white p-6 shadow">
          {data.sources.length > 0 && !data.addNew ? (
            <>
              <h2 className="mb-1 font-semibold">Choose a source</h2>
              <p className="mb-4 text-sm text-slate-600">Pick one of your connected sources, or add a new one.</p>
              <SourceCards sources={data.sources} />
              <Link to="?add=1" className="mt-4 inline-block text-sm text-brand-600 hover:underline">Add a new source</Link>
            </>
          ) : (
            <>
              {data.sources.length > 0 ? <Link to="/getting-started" className="mb-3 inline-block text-sm text-brand-600 hover:underline">← Back to your sources</Link> : null}
              <h2 className="mb-1 font-semibold">Connect your first source</h2>
              <p className="text-sm text-slate-600">Connect the platform you want to read data from: an ads account, an analytics property or a shop.</p>
              <Link to="/data-connector/sources/new" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Add a source</Link>
            </>
          )}
        </section>
      ) : (
        <section className="rounded-lg bg-white p-6 shadow">
          <Link to="/getting-started" className="mb-3 inline-block text-sm text-brand-600 hover:underline">← Choose another source</Link>
          <h2 className="mb-1 font-semibold">Where do you want your {data.chosen?.name} data?</h2>
          <p className="mb-4 text-sm text-slate-600">Pick a destination; you can add more later from the data connector.</p>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {DESTINATIONS.map((d) => (
              <li key={d.id}>
                <Link to={d.to} className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand-400 hover:bg-brand-50" data-testid={`destination-${d.id}`}>
                  <span className="block font-medium">{d.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{d.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
