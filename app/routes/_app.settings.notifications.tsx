import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { chooseSlackChannel, disconnectSlack, sendSlackTest, slackState, SlackApiError } from "~/services/slack.server";
import { redirectWithToast } from "~/services/toast.server";
import { getDb } from "~/services/db.server";
import { usersRepo } from "~/services/repositories.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, safeParseForm } from "~/services/request-input.server";

export const POPUP = { width: 972, height: 660, pollMs: 100 };
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-channel"), channelId: z.string({ error: "Choose a channel" }).min(1, "Choose a channel") }),
  z.object({ intent: z.literal("disconnect") }),
  z.object({ intent: z.literal("test") }),
  z.object({ intent: z.literal("alert-email"), alertEmail: z.enum(["each", "digest"], { error: "Choose how you get alert e-mails" }) }),
]);

export const meta = () => [{ title: "Notifications · Settings · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company, user } = await requireUser(request);
  return json({ ...(await slackState(company.id)), alertEmail: user.alertEmail });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const parsed = safeParseForm(await readForm(request), ActionSchema);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Invalid request" }, { status: 400 });
  const back = "/settings/notifications";
  try {
    switch (parsed.data.intent) {
      case "set-channel": {
        const outcome = await chooseSlackChannel(company.id, parsed.data.channelId);
        if (outcome === "not-connected") return json({ error: "Slack is not connected." }, { status: 409 });
        if (outcome === "unknown-channel") return json({ error: "This channel is not available to the Signalpost app." }, { status: 400 });
        return redirectWithToast(back, { type: "success", title: "The notification channel has been saved" });
      }
      case "test": {
        if ((await sendSlackTest(company.id, company.name)) === "no-channel") return json({ error: "Choose a channel first." }, { status: 409 });
        return redirectWithToast(back, { type: "success", title: "A test message has been sent to Slack" });
      }
      case "alert-email":
        await usersRepo.setAlertEmail(getDb(), company.id, user.id, parsed.data.alertEmail);
        return redirectWithToast(back, { type: "success", title: parsed.data.alertEmail === "digest" ? "You will get one alert digest a day" : "You will get an e-mail at each alert change" });
      case "disconnect":
        await disconnectSlack(company.id);
        return redirectWithToast(back, { type: "success", title: "Slack has been disconnected" });
    }
  } catch (error) {
    if (error instanceof SlackApiError) return json({ error: `Slack answered: ${error.code}` }, { status: 502 });
    throw error;
  }
}

/** Spec 3 §2.10: "Connect slack" opens a 972×660 popup polled every 100 ms until it closes. Without JavaScript the link runs the same flow in the page. */
function ConnectSlack() {
  const revalidator = useRevalidator();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>();
  useEffect(() => () => clearInterval(timer.current), []);
  return (
    <a
      href="/notifications/slack/connect"
      className="inline-flex items-center rounded-md bg-[#4a154b] px-4 py-2 text-sm font-medium text-white hover:opacity-90 aria-busy:opacity-60"
      aria-busy={waiting || undefined}
      onClick={(event) => {
        const left = window.screenX + (window.outerWidth - POPUP.width) / 2;
        const top = window.screenY + (window.outerHeight - POPUP.height) / 2;
        const popup = window.open("/notifications/slack/connect?popup=1", "slack-connect", `width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`);
        if (!popup) return; // blocked: follow the link in this window instead
        event.preventDefault();
        setWaiting(true);
        clearInterval(timer.current);
        timer.current = setInterval(() => {
          if (!popup.closed) return;
          clearInterval(timer.current);
          setWaiting(false);
          revalidator.revalidate();
        }, POPUP.pollMs);
      }}
    >
      {waiting ? "Waiting for Slack…" : "Connect slack"}
    </a>
  );
}

export default function NotificationsTab() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <div className="space-y-6">
    <AlertEmails mode={data.alertEmail} busy={busy("alert-email")} />
    <section className="max-w-2xl rounded-lg bg-white p-6 shadow" data-testid="slack-settings">
      <h2 className="mb-1 text-lg font-semibold">Slack</h2>
      {actionData && "error" in actionData ? <p role="alert" className="mb-3 text-sm text-red-700">{actionData.error}</p> : null}
      {!data.connected ? (
        <>
          <p className="mb-4 text-sm text-slate-600">Receive alert notifications in a Slack channel.</p>
          <ConnectSlack />
        </>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Connected to <strong>{data.teamName}</strong>
            {data.channelName ? <> · notifications go to <strong data-testid="slack-channel">#{data.channelName}</strong></> : null}
          </p>
          {data.error ? <p role="alert" className="text-sm text-red-700">{data.error}</p> : null}
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="set-channel" />
            <label className="block flex-1 text-sm">
              <span className="font-medium text-slate-700">Select the channel you want to send notifications to:</span>
              <select name="channelId" defaultValue={data.channelId ?? ""} required className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
                <option value="" disabled>Choose a channel</option>
                {data.channels.map((c) => (
                  <option key={c.id} value={c.id}>{c.isPrivate ? "🔒 " : "#"}{c.name}</option>
                ))}
              </select>
            </label>
            <button className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60" disabled={busy("set-channel")}>
              {busy("set-channel") ? "Please wait…" : "Save"}
            </button>
          </Form>
          <div className="flex gap-3 border-t border-slate-100 pt-4">
            {data.channelId ? (
              <Form method="post"><input type="hidden" name="intent" value="test" /><button className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50" disabled={busy("test")}>Send a test message</button></Form>
            ) : null}
            <Link to="?confirm=disconnect" className="rounded-md border border-red-300 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50" preventScrollReset>Disconnect</Link>
          </div>
        </div>
      )}
      {params.get("confirm") === "disconnect" && data.connected ? (
        <ConfirmDialog title="Disconnect Slack" confirmLabel="Disconnect" cancelHref="/settings/notifications" fields={{ intent: "disconnect" }}>
          Alert notifications will stop arriving in Slack until you connect it again.
        </ConfirmDialog>
      ) : null}
    </section>
    </div>
  );
}

/** The signed-in user's alert e-mails (issue 18): one at each change, or a daily digest. */
function AlertEmails({ mode, busy }: { mode: "each" | "digest"; busy: boolean }) {
  return (
    <section className="max-w-2xl rounded-lg bg-white p-6 shadow" aria-labelledby="alert-emails-title">
      <h2 id="alert-emails-title" className="mb-1 text-lg font-semibold">Your alert e-mails</h2>
      <p className="mb-3 text-sm text-slate-600">For the accounts you are assigned to.</p>
      <Form method="post" className="space-y-2 text-sm">
        <input type="hidden" name="intent" value="alert-email" />
        <label className="flex items-start gap-2">
          <input type="radio" name="alertEmail" value="each" defaultChecked={mode === "each"} className="mt-1" />
          <span><span className="font-medium">At each change</span> — an e-mail when an alert finds an anomaly and when it is back to normal.</span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="alertEmail" value="digest" defaultChecked={mode === "digest"} className="mt-1" />
          <span><span className="font-medium">Daily digest</span> — one e-mail each morning (07:00 UTC) listing the open anomalies.</span>
        </label>
        <button className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60" disabled={busy}>
          {busy ? "Please wait…" : "Save"}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
