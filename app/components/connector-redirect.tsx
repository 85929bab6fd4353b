import { Link, useLoaderData } from "@remix-run/react";

type Data = { platformName: string; connectHref: string; handoff: string; hasSource: boolean };

/** Shown when the company has no source for the platform yet (or noSkip asked to stop here). */
export function ConnectorRedirectPage() {
  const data = useLoaderData<Data>();
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow">
        <p className="text-center text-2xl font-bold text-brand-700">Signalpost</p>
        <h1 className="mt-4 text-lg font-medium text-slate-800">Connect {data.platformName} to Looker Studio</h1>
        <p className="mt-2 text-sm text-slate-600">
          {data.hasSource
            ? `You already have a ${data.platformName} source. You can connect another account or continue with your sources.`
            : `First connect your ${data.platformName} account as a source, then come back here and continue.`}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Link to={data.connectHref} className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
            Connect {data.platformName}
          </Link>
          <Link to={data.handoff} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Continue
          </Link>
        </div>
      </div>
    </div>
  );
}
