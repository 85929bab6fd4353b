// The anomaly inbox (issue 18): the entities in anomaly across clients, filtered by a GET form
// (state, kind, client, assignee), each with inline Snooze and Assign forms. Plain forms: without
// JavaScript they post and come back; with it Remix keeps the scroll and shows pending labels.
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { inboxData } from "~/services/inbox.server";
import { formatClock } from "./alert-result";
import { EmptyState } from "./empty-state";

export type InboxData = SerializeFrom<typeof inboxData>;

const KINDS = [
  ["", "All kinds"],
  ["metric", "Metric"],
  ["kpi", "Configuration"],
  ["pacing", "Pacing"],
  ["objective", "Objective"],
] as const;
const STATES = [
  ["open", "Open"],
  ["snoozed", "Snoozed"],
  ["all", "All"],
] as const;
const SNOOZE_CHOICES = [
  [1, "1 day"],
  [3, "3 days"],
  [7, "1 week"],
] as const;

const select = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

function Filters({ inbox }: { inbox: InboxData }) {
  const f = inbox.filters;
  return (
    <Form method="get" className="mb-3 flex flex-wrap items-end gap-2 text-sm" aria-label="Filter the anomalies">
      <input type="hidden" name="tab" value="inbox" />
      <label className="flex flex-col">
        <span className="text-xs text-slate-500">Status</span>
        <select name="state" defaultValue={f.state} className={select}>
          {STATES.map(([v, l]) => (
            <option key={v} value={v}>{l}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-xs text-slate-500">Kind</span>
        <select name="kind" defaultValue={f.kind ?? ""} className={select}>
          {KINDS.map(([v, l]) => (
            <option key={v} value={v}>{l}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-xs text-slate-500">Client</span>
        <select name="client" defaultValue={f.client ?? ""} className={select}>
          <option value="">All clients</option>
          {inbox.clients.map((c) => (
            <option key={c.id} value={c.id}>{c.name}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-xs text-slate-500">Assignee</span>
        <select name="assignee" defaultValue={f.assignee ?? ""} className={select}>
          <option value="">Anyone</option>
          <option value="nobody">Nobody</option>
          {inbox.users.map((u) => (
            <option key={u.id} value={u.id}>{u.name}</option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-50">Filter</button>
    </Form>
  );
}

function RowActions({ row, users }: { row: InboxData["rows"][number]; users: InboxData["users"] }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("configuredForId") === String(row.configuredForId);
  return (
    <div className="flex flex-col gap-1">
      {row.snoozed ? (
        <Form method="post" preventScrollReset className="flex items-center gap-1">
          <input type="hidden" name="configuredForId" value={row.configuredForId} />
          <span className="text-xs text-slate-500">Snoozed until {row.snoozed.slice(0, 10)}</span>
          <button name="intent" value="inbox-unsnooze" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50" disabled={busy("inbox-unsnooze")}>
            Clear
          </button>
        </Form>
      ) : (
        <Form method="post" preventScrollReset className="flex items-center gap-1">
          <input type="hidden" name="configuredForId" value={row.configuredForId} />
          <label className="sr-only" htmlFor={`snooze-${row.resultId}`}>Snooze {row.title} on {row.client} for</label>
          <select id={`snooze-${row.resultId}`} name="days" defaultValue="1" className="rounded border border-slate-300 px-1 py-0.5 text-xs">
            {SNOOZE_CHOICES.map(([d, l]) => (
              <option key={d} value={d}>{l}</option>
            ))}
          </select>
          <button name="intent" value="inbox-snooze" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50" disabled={busy("inbox-snooze")}>
            {busy("inbox-snooze") ? "Snoozing…" : "Snooze"}
          </button>
        </Form>
      )}
      <Form method="post" preventScrollReset className="flex items-center gap-1">
        <input type="hidden" name="configuredForId" value={row.configuredForId} />
        <label className="sr-only" htmlFor={`assign-${row.resultId}`}>Assign someone to {row.client}</label>
        <select id={`assign-${row.resultId}`} name="userId" defaultValue="" className="max-w-[9rem] rounded border border-slate-300 px-1 py-0.5 text-xs">
          <option value="">Assign…</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>{u.name}</option>
          ))}
        </select>
        <button name="intent" value="inbox-assign" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50" disabled={busy("inbox-assign")}>
          {busy("inbox-assign") ? "Assigning…" : "Assign"}
        </button>
      </Form>
    </div>
  );
}

export function AnomalyInbox({ inbox, now }: { inbox: InboxData; now: string }) {
  const actionData = useActionData<{ inboxError?: string }>();
  return (
    <section aria-labelledby="inbox-title">
      <h2 id="inbox-title" className="sr-only">Anomaly inbox</h2>
      <Filters inbox={inbox} />
      {actionData?.inboxError ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {actionData.inboxError}
        </p>
      ) : null}
      {inbox.rows.length === 0 ? (
        <EmptyState title={inbox.filters.state === "snoozed" ? "No snoozed anomaly" : "No anomaly"}>Every watched entity is fine for these filters.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="inbox">
          {inbox.rows.map((r) => (
            <li key={r.resultId} className="grid gap-2 p-3 text-sm md:grid-cols-[1fr_auto]" data-testid="inbox-row">
              <div className="min-w-0">
                <p>
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">{r.snoozed ? "Snoozed" : "Anomaly"}</span>{" "}
                  <span className="font-medium">{r.entity}</span> <span className="text-slate-500">· {r.client}</span>
                </p>
                <p className="mt-0.5">
                  <Link to={`/clients/${r.dataSourceId}/details/${r.configuredForId}?result=${r.resultId}`} className="text-brand-700 hover:underline">{r.title}</Link>{" "}
                  <span className="text-xs text-slate-500">{r.kind}</span>
                </p>
                {r.detail ? <p className="text-slate-700">{r.detail}</p> : null}
                <p className="text-xs text-slate-500">
                  Since {formatClock(r.since, now)} UTC{r.note ? <span className="text-amber-700"> · {r.note}</span> : null} · Assignee:{" "}
                  {r.assignees.length ? r.assignees.map((a) => a.name).join(", ") : <span className="text-amber-700">nobody</span>}
                </p>
              </div>
              <RowActions row={r} users={inbox.users} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
