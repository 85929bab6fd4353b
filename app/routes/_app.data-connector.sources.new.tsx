import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useMemo, useState } from "react";
import { requireUser } from "~/services/session.server";
import { platformCards } from "~/services/sources.server";
import { connectAction } from "~/services/source-connect.server";
import { ConnectSchema, SOURCE_TABS } from "~/utils/sources";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { Banner, Field } from "~/components/forms";
import { useHydrated } from "~/utils/use-hydrated";
import { ConnectForm, ConnectOutcomeMarker, FlagBadge, PlatformIcon } from "~/components/sources";
import { readForm } from "~/services/request-input.server";

export const meta: MetaFunction = () => [{ title: "New source · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const cards = platformCards();
  const selectedId = url.searchParams.get("platform");
  const selected = selectedId ? cards.find((c) => c.id === selectedId) ?? null : null;
  if (selectedId && !selected) throw json({ message: `There is no platform called "${selectedId}".` }, { status: 404 });
  return json({ cards, selected });
}

export async function action({ request }: ActionFunctionArgs) {
  return connectAction(request, await readForm(request));
}

type Card = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

function PlatformPicker({ cards }: { cards: Card[] }) {
  const [params] = useSearchParams();
  const tab = SOURCE_TABS.find((t) => t.id === params.get("tab")) ?? SOURCE_TABS[0];
  const [query, setQuery] = useState(params.get("q") ?? "");
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return cards.filter(
      (c) =>
        (tab.categories.length === 0 || (tab.categories as readonly string[]).includes(c.category)) &&
        (!needle || c.displayName.toLowerCase().includes(needle) || c.id.includes(needle)),
    );
  }, [cards, query, tab]);
  const tabHref = (id: string) => `?${new URLSearchParams({ ...(query ? { q: query } : {}), ...(id !== "all" ? { tab: id } : {}) })}`;
  return (
    <div>
      <Form method="get" role="search" className="mb-4 flex gap-2">
        {tab.id !== "all" ? <input type="hidden" name="tab" value={tab.id} /> : null}
        <label htmlFor="platform-search" className="sr-only">
          Search a platform
        </label>
        <input
          id="platform-search"
          name="q"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search a platform"
          className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
          Search
        </button>
      </Form>
      <nav aria-label="Categories" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
        {SOURCE_TABS.map((t) => (
          <Link
            key={t.id}
            to={tabHref(t.id)}
            replace
            preventScrollReset
            aria-current={t.id === tab.id ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${t.id === tab.id ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {shown.length === 0 ? (
        <p className="rounded-md bg-white p-6 text-center text-sm text-slate-500">No platform matches your search.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Platforms">
          {shown.map((c) => (
            <li key={c.id}>
              <Link
                to={`?platform=${encodeURIComponent(c.id)}`}
                data-testid={`platform-${c.id}`}
                className="flex h-full flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-center text-sm hover:border-brand-400 hover:shadow"
              >
                <PlatformIcon platform={c.id} name="" size={40} />
                <span className="font-medium text-slate-800">{c.displayName}</span>
                <span className="flex flex-wrap justify-center gap-1">
                  {c.flag ? <FlagBadge flag={c.flag} /> : null}
                  {!c.implemented ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-slate-600">Coming soon</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NameAndConnect({ selected }: { selected: Card }) {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  // The same zod rule as the server: the connect button appears only for a valid name (spec 2 §2).
  const [name, setName] = useState(selected.displayName);
  const clientError = ConnectSchema.shape.name.safeParse(name).error?.issues[0]?.message;
  const serverErrors = (actionData?.result as { error?: Record<string, string[] | null> } | undefined)?.error?.name ?? null;
  const nameOk = !clientError;
  return (
    <div className="max-w-xl rounded-lg bg-white p-6 shadow">
      <div className="mb-4 flex items-center gap-3">
        <PlatformIcon platform={selected.id} name="" size={40} />
        <div>
          <h2 className="text-lg font-semibold">{selected.displayName}</h2>
          <Link to="/data-connector/sources/new" className="text-sm text-brand-700 hover:underline">
            Choose another platform
          </Link>
        </div>
      </div>
      {!selected.implemented ? (
        <Banner tone="info" title="Coming soon">
          The {selected.displayName} connector is coming soon: this source cannot be connected yet.
        </Banner>
      ) : (
        <ConnectForm action={`/data-connector/sources/new?platform=${encodeURIComponent(selected.id)}`} hidden={{ intent: "connect", platform: selected.id, from: params.get("from") ?? undefined }} submitLabel="Connect your account" disabled={hydrated && !nameOk}>
          <Field
            label="Name"
            errors={hydrated && clientError ? [clientError] : serverErrors}
            inputProps={{ id: "source-name", name: "name", type: "text", "aria-required": true, maxLength: 120, value: name, onChange: (e) => setName(e.currentTarget.value) }}
            help="The name shown in your sources list."
          />
          {actionData?.failure ? (
            <div className="mb-3">
              <Banner tone="error" title={actionData.failure.title}>
                {actionData.failure.message}
              </Banner>
              <ConnectOutcomeMarker outcome={{ status: "error", title: actionData.failure.title, message: actionData.failure.message }} />
            </div>
          ) : null}
        </ConnectForm>
      )}
    </div>
  );
}

export default function NewSource() {
  const { cards, selected } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="New source"
        actions={
          <Link to="/data-connector/sources" className="rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100">
            Back to sources
          </Link>
        }
      />
      {selected ? <NameAndConnect selected={selected} /> : <PlatformPicker cards={cards} />}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
