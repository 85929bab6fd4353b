import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { lookerStudioCatalogue } from "~/services/bi-pages.server";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { CATEGORY_LABELS } from "~/utils/bi-links";
import { useHydrated } from "~/utils/use-hydrated";
import { PlatformIcon } from "~/components/sources";

export const meta = () => [{ title: "Looker Studio · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const search = new URL(request.url).searchParams.get("q") ?? "";
  return json({ search, connectors: lookerStudioCatalogue(search) });
}

export default function LookerStudioCatalogue() {
  const { search, connectors } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <div>
      <PageHeader title="Looker Studio" />
      <p className="mb-4 max-w-2xl text-sm text-slate-600">
        Pick a connector to open it in Looker Studio. It asks you to sign in with your Signalpost account, then lets you choose the accounts and fields of your report.
      </p>
      <Form method="get" className="mb-4 flex max-w-md gap-2" role="search">
        <input
          type="search"
          name="q"
          defaultValue={search}
          aria-label="Search connectors by name or category"
          placeholder="Search by name or category"
          onChange={hydrated ? (e) => submit(e.currentTarget.form, { replace: true, preventScrollReset: true }) : undefined}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm">Search</button>
      </Form>
      {connectors.length === 0 ? (
        <EmptyState title="No connectors found matching your search." />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {connectors.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 rounded-lg bg-white p-4 shadow-sm">
              <span className="flex items-center gap-3">
                <PlatformIcon platform={c.id} name="" size={36} />
                <span>
                  <span className="block text-sm font-medium text-slate-800">{c.name}</span>
                  <span className="block text-xs text-slate-500">{CATEGORY_LABELS[c.category] ?? c.category}{c.flag ? ` · ${c.flag}` : ""}</span>
                </span>
              </span>
              <a href={c.connectHref} className="rounded-md bg-brand-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-brand-700">Connect</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
