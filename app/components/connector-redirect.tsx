import { Form, Link, useLoaderData } from "@remix-run/react";

type SignedInData = {
  signedOut: false;
  platformName: string;
  connectHref: string;
  handoff: string;
  hasSource: boolean;
};
type SignedOutData = {
  signedOut: true;
  platformName: string;
  registerAction: string | null;
  returnTo: string;
  loginHref: string;
  signupHref: string;
};

/** Shown when the company has no source for the platform yet (or noSkip asked to stop here). */
export function ConnectorRedirectPage() {
  const data = useLoaderData<SignedInData | SignedOutData>();
  if (data.signedOut) return <SignedOutConnect data={data} />;
  return (
    <ConnectorCard
      platformName={data.platformName}
      text={
        data.hasSource
          ? `You already have a ${data.platformName} source. You can connect another account or continue with your sources.`
          : `First connect your ${data.platformName} account as a source, then come back here and continue.`
      }
    >
      <Link
        to={data.connectHref}
        className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
      >
        Connect {data.platformName}
      </Link>
      <Link
        to={data.handoff}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Continue
      </Link>
    </ConnectorCard>
  );
}

function ConnectorCard({
  platformName,
  text,
  children,
}: {
  platformName: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow">
        <p className="text-center text-2xl font-bold text-brand-700">
          Signalpost
        </p>
        <h1 className="mt-4 text-lg font-medium text-slate-800">
          Connect {platformName} to Looker Studio
        </h1>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">{children}</div>
      </div>
    </div>
  );
}

/** Register mode: connect the platform first, create the account after (spec 3 §2.5). */
function SignedOutConnect({ data }: { data: SignedOutData }) {
  return (
    <ConnectorCard
      platformName={data.platformName}
      text={
        data.registerAction
          ? `New to Signalpost? Connect your ${data.platformName} account, then create your account: your 14-day free trial starts right away.`
          : `Create your Signalpost account or sign in, then connect your ${data.platformName} account.`
      }
    >
      <Link
        to={data.loginHref}
        className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
      >
        I already have an account
      </Link>
      {data.registerAction ? (
        <Form method="post" action={data.registerAction} reloadDocument>
          <input type="hidden" name="returnTo" value={data.returnTo} />
          <input type="hidden" name="from" value="google-data-studio" />
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Connect {data.platformName}
          </button>
        </Form>
      ) : (
        <Link
          to={data.signupHref}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Create my account
        </Link>
      )}
    </ConnectorCard>
  );
}
