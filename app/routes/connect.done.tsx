// /connect/done: where a client lands after an OAuth trip of a connect link when the browser no
// longer holds the link, or the link could not be used (decision 0932). The outcome is one of a
// fixed list: nothing from the URL is shown as text.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";

const OUTCOMES = {
  connected: { tone: "success", title: "Your account is connected", text: "The company that sent you the link can now read its reporting data. You can close this page." },
  failed: { tone: "error", title: "Your account was not connected", text: "The platform did not authorize the connection. Open the link you were sent again to retry." },
  unavailable: { tone: "error", title: "This link cannot be used", text: "It was already used, has expired or was cancelled. Ask the person who sent it for a new one." },
} as const;

export const meta: MetaFunction = () => [{ title: "Connection · Signalpost" }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  const outcome = new URL(request.url).searchParams.get("outcome");
  return json({ outcome: outcome && outcome in OUTCOMES ? (outcome as keyof typeof OUTCOMES) : "unavailable" });
}

export default function ConnectDone() {
  const { outcome } = useLoaderData<typeof loader>();
  const o = OUTCOMES[outcome];
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-6 py-3 text-sm font-semibold text-slate-700">Signalpost</header>
      <main className="mx-auto max-w-lg space-y-3 px-4 py-8 text-sm text-slate-700">
        <h1 className="text-xl font-semibold text-slate-900">{o.title}</h1>
        <Banner tone={o.tone} title={o.title}>{o.text}</Banner>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
