// /settings/connected-apps: what the company let applications read through our OAuth provider
// (decision 0861): Looker Studio connectors allowed on the consent page and Excel / Sheets
// add-ins linked with /link-to. Each can be disconnected, after a confirmation step that works
// without JavaScript (?confirm=...). Links confirmed but not yet claimed by the add-in are listed
// too, so a link nobody expected can be cancelled before it is used. AI assistants connect the
// same way, to the MCP server (decision 0910): its address is shown here, with what they did.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { cancelPendingLink, listConnectedApps, revokeConnectedApp } from "~/services/addon-grants.server";
import { mcpSettings } from "~/services/mcp/settings.server";
import { redirectWithToast } from "~/services/toast.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { DateTime } from "~/components/time";
import { formatUtc } from "~/utils/format-date";
import { readForm, safeParseForm } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";

export const meta = () => [{ title: "Connected apps · Settings · Signalpost" }];

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke"), id: idField() }),
  z.object({ intent: z.literal("cancel-link"), uuid: z.string().uuid() }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const db = getDb();
  const [apps, mcp] = await Promise.all([listConnectedApps(db, company.id), mcpSettings(db, company.id, new URL(request.url).origin)]);
  return json({ ...apps, mcp });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const parsed = safeParseForm(await readForm(request), ActionSchema);
  if (!parsed.success) throw json({ message: "Unknown action" }, { status: 400 });
  const db = getDb();
  if (parsed.data.intent === "revoke") {
    if (!(await revokeConnectedApp(db, company.id, parsed.data.id))) throw json({ message: "This app is not connected (it may have been disconnected already)." }, { status: 404 });
    return redirectWithToast("/settings/connected-apps", { type: "success", title: "The app has been disconnected", description: "Its access stopped at once; it has to be connected again to read your data." });
  }
  if (!(await cancelPendingLink(db, company.id, parsed.data.uuid))) throw json({ message: "This link is not waiting any more (it was used, cancelled or has expired)." }, { status: 404 });
  return redirectWithToast("/settings/connected-apps", { type: "success", title: "The link has been cancelled", description: "The add-in can no longer use it." });
}

const HOW = { consent: "Allowed on the sign-in page", link: "Linked from the add-in" } as const;

export default function ConnectedAppsTab() {
  const { apps, pending, mcp } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const revoking = params.get("confirm") === "revoke" ? apps.find((a) => String(a.id) === params.get("app")) : undefined;
  const cancelling = params.get("confirm") === "cancel-link" ? pending.find((l) => l.uuid === params.get("link")) : undefined;
  return (
    <div className="space-y-6">
      <section className="rounded-lg bg-white shadow">
        <div className="border-b border-slate-100 px-6 py-4">
          <h2 className="text-lg font-semibold">Connected apps</h2>
          <p className="mt-1 text-sm text-slate-500">
            These apps can list your sources and accounts and read their data, without your API key. Disconnect one you do not use or do not recognise. Changing your
            password disconnects the apps you connected; rotating the API key disconnects them all.
          </p>
        </div>
        {apps.length === 0 ? (
          <div className="p-6">
            <EmptyState title="No app is connected">Looker Studio, Google Sheets, Excel and AI assistants appear here once you connect them to Signalpost.</EmptyState>
          </div>
        ) : (
          <table className="table-cards w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-6 py-2">App</th>
                <th className="px-6 py-2">Connected by</th>
                <th className="px-6 py-2">Connected</th>
                <th className="px-6 py-2">Last used</th>
                <th className="px-6 py-2 text-right">Actions</th>
              </tr>
            </thead>
            <tbody>
              {apps.map((a) => (
                <tr key={a.id} className="border-t border-slate-100" data-testid={`connected-app-${a.id}`}>
                  <td data-label="App" className="px-6 py-3">
                    <span className="font-medium">{a.name}</span>
                    {a.scope ? <span className="text-slate-500"> · {a.scope}</span> : null}
                    <span className="block text-xs text-slate-500">
                      {a.assistant ? "AI assistant (MCP) · " : ""}
                      {HOW[a.via]}
                      {a.unverified ? " · registered itself, name not verified" : ""}
                    </span>
                  </td>
                  <td data-label="Connected by" className="px-6 py-3">{a.userEmail}</td>
                  <td data-label="Connected" className="px-6 py-3"><DateTime value={a.createdAt} fallback="—" /></td>
                  <td data-label="Last used" className="px-6 py-3"><DateTime value={a.lastUsedAt} fallback="Not used yet" /></td>
                  <td data-label="Actions" className="px-6 py-3 text-right">
                    <Link to={`?confirm=revoke&app=${a.id}`} className="text-red-600 hover:underline" preventScrollReset>
                      Disconnect
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {pending.length ? (
        <section className="rounded-lg bg-white shadow">
          <h2 className="border-b border-slate-100 px-6 py-4 font-semibold">Links waiting for the add-in</h2>
          <ul>
            {pending.map((l) => (
              <li key={l.uuid} className="flex items-center justify-between border-t border-slate-100 px-6 py-3 text-sm" data-testid={`pending-link-${l.code}`}>
                <span>
                  {l.addIn} · code <span className="font-mono">{l.code}</span> · {l.userEmail}
                  <span className="text-slate-500"> · usable until <DateTime value={l.expiresAt} /></span>
                </span>
                <Link to={`?confirm=cancel-link&link=${l.uuid}`} className="text-red-600 hover:underline" preventScrollReset>
                  Cancel
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <McpSection endpoint={mcp.endpoint} actions={mcp.actions} />
      {revoking ? (
        <ConfirmDialog title={`Disconnect ${revoking.name}?`} confirmLabel="Disconnect" cancelHref="/settings/connected-apps" fields={{ intent: "revoke", id: String(revoking.id) }}>
          {revoking.name}
          {revoking.scope ? ` (${revoking.scope})` : ""}, connected by <strong>{revoking.userEmail}</strong>, stops reading your data at once. Reports that use it stop
          refreshing until someone connects it again.
        </ConfirmDialog>
      ) : null}
      {cancelling ? (
        <ConfirmDialog title="Cancel this link?" confirmLabel="Cancel the link" cancelHref="/settings/connected-apps" fields={{ intent: "cancel-link", uuid: cancelling.uuid }}>
          The {cancelling.addIn} add-in showing the code <strong className="font-mono">{cancelling.code}</strong> will not be able to use this link.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

type McpAction = { id: number; at: string; app: string; by: string; action: string; what: string; outcome: string; reason: string | null };

/** The MCP server's address, how to use it, and what assistants did. */
function McpSection({ endpoint, actions }: { endpoint: string; actions: McpAction[] }) {
  return (
    <section className="rounded-lg bg-white shadow" data-testid="mcp-server">
      <div className="border-b border-slate-100 px-6 py-4">
        <h2 className="text-lg font-semibold">AI assistants (MCP)</h2>
        <p className="mt-1 text-sm text-slate-500">
          Claude, ChatGPT, Cursor and other assistants that speak the Model Context Protocol can read your accounts, run queries, explain your alerts and data streams,
          and, when you ask them to, run a data-stream job now or snooze an alert.
        </p>
      </div>
      <div className="space-y-3 px-6 py-4 text-sm text-slate-700">
        <p>
          In your assistant, add a custom connector (a remote MCP server) with this address, then sign in here and click Allow:
          <code className="mt-1 block break-all rounded bg-slate-100 px-3 py-2 font-mono text-slate-900" data-testid="mcp-endpoint">
            {endpoint}
          </code>
        </p>
        <p className="text-slate-500">Then ask it, for example: “Which of my accounts are in anomaly, and why?” or “What did my campaigns spend last week?”</p>
      </div>
      {actions.length ? (
        <table className="w-full text-left text-sm">
          <caption className="px-6 pb-2 text-left text-xs font-semibold uppercase text-slate-500">What assistants did</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th className="px-6 py-2">When</th>
              <th className="px-6 py-2">Assistant</th>
              <th className="px-6 py-2">Action</th>
              <th className="px-6 py-2">Result</th>
            </tr>
          </thead>
          <tbody>
            {actions.map((a) => (
              <tr key={a.id} className="border-t border-slate-100">
                <td className="px-6 py-3">{formatUtc(a.at, "—")}</td>
                <td className="px-6 py-3">
                  {a.app}
                  <span className="block text-xs text-slate-500">for {a.by}</span>
                </td>
                <td className="px-6 py-3">
                  {a.action}
                  {a.what ? <span className="block text-xs text-slate-500">{a.what}</span> : null}
                </td>
                <td className="px-6 py-3">
                  {a.outcome}
                  {a.reason ? <span className="block text-xs text-slate-500">{a.reason}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="px-6 pb-4 text-sm text-slate-500">No assistant has run a job or snoozed an alert yet.</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
