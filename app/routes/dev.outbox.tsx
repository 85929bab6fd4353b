import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readOutbox, smtpConfigured } from "~/services/outbox.server";
import { requireAdmin } from "~/services/session.server";

/**
 * The local outbox, used when no SMTP server is configured. It holds reset and invitation links,
 * so only platform admins may read it; with SMTP_URL set it does not exist.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  if (smtpConfigured()) throw new Response("Not found", { status: 404 });
  return json({ mails: readOutbox().slice(0, 50) });
}

export default function Outbox() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl p-6">
      <h1 className="mb-4 text-xl font-semibold">Local outbox</h1>
      {mails.length === 0 ? <p className="text-sm text-slate-500">No mail sent yet.</p> : null}
      {mails.map((m) => (
        <article key={m.file} className="mb-4 rounded-lg bg-white p-4 shadow">
          <p className="text-xs text-slate-500">{m.sentAt} · to {m.to}</p>
          <h2 className="font-medium">{m.subject}</h2>
          <pre className="mt-2 whitespace-pre-wrap text-sm">{m.text}</pre>
        </article>
      ))}
    </div>
  );
}
