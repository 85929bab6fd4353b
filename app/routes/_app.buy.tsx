import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { getCompanyUsage } from "~/services/usage.server";
import { startSubscription } from "~/services/billing.server";
import { redirectWithToast } from "~/services/toast.server";
import { dataStudioSourceNames } from "~/services/pricing.server";
import { CURRENCIES, formatPrice, INTERVALS, plansOnSale, type PlanId } from "../../lib/billing/plans.js";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";
import { Banner, SubmitButton } from "~/components/forms";
import { usersRepo } from "~/services/repositories.server";
import { serverIntegration } from "~/services/integrations.server";

const BILLING_OFF = "Payments are not set up on this Signalpost server, so a subscription cannot start here yet. Your choice is kept: come back once they are set up.";

export const meta = () => [{ title: "Simple pricing, no commitment. · Signalpost" }];

const onSaleIds = plansOnSale().map((p) => p.id) as [PlanId, ...PlanId[]];
export const CheckoutSchema = z.object({
  plan: z.enum(onSaleIds, { error: "Choose one of the plans" }),
  interval: z.enum(INTERVALS, { error: "Choose monthly or yearly billing" }),
  currency: z.enum(CURRENCIES, { error: "Choose USD or EUR" }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, company } = await requireUser(request);
  const usage = await getCompanyUsage(getDb(), company);
  const dataStudioSources = dataStudioSourceNames();
  const stripe = serverIntegration("stripe");
  return json({
    billing: { configured: stripe.configured, variables: usersRepo.isAdmin(user) ? stripe.variables : null },
    email: user.email,
    used: usage.used,
    currentPlan: company.stripeSubscriptionId ? company.stripePlan : null,
    plans: plansOnSale().map((p) => ({ id: p.id, title: p.title, maxAccounts: p.maxAccounts, prices: p.prices })),
    dataStudioSources,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, company } = await requireUser(request);
  const parsed = CheckoutSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return json({ error: parsed.error.issues.map((i) => i.message).join(" ") }, { status: 400 });
  }
  // The chosen plan stays on the page whatever happens next.
  const back = `/buy?${new URLSearchParams({ plan: parsed.data.plan, interval: parsed.data.interval, currency: parsed.data.currency })}`;
  if (!serverIntegration("stripe").configured) return json({ error: BILLING_OFF }, { status: 503 });
  try {
    const outcome = await startSubscription(getDb(), company, user, parsed.data, new URL(request.url).origin);
    if (outcome.kind === "checkout") return redirect(outcome.url);
    return redirectWithToast("/billing-space", { type: "success", title: "Your plan has been changed", description: "The new number of accounts applies now; Stripe prorates the price." });
  } catch (error) {
    console.error("checkout failed", error);
    return redirectWithToast(back, { type: "error", title: "Stripe did not start the checkout", description: "Nothing was charged. Your choice is kept below: try again in a few minutes, or ask your account manager." });
  }
}

const FEATURES = ["Unlimited reporting", "Unlimited users", "Google Data Studio", "Google Sheets", "PowerBI", "Tableau", "API"];
const FAQ = [
  ["What is an account?", "One advertising, analytics or shop account you read data from (for example one Google Ads customer). An account counts once in 30 days whatever reads it: a query URL, a data stream or an alert."],
  ["Can I change plan later?", "Yes. Upgrading or downgrading applies at once and Stripe prorates the price."],
  ["Do some sources cost more?", "Some sources (for example Amazon Ads) bill extra accounts at 10 or 12 euro each."],
  ["What happens when I use more accounts than my plan allows?", "You keep every account for a grace period and see a warning; after it, the accounts beyond your plan are locked until you upgrade."],
];

export default function Buy() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const interval = params.get("interval") === "year" ? "year" : "month";
  const currency = params.get("currency") === "eur" ? "eur" : "usd";
  const selected = data.plans.find((p) => p.id === params.get("plan"));
  const href = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) next.set(k, v);
    return `?${next}`;
  };
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-8 text-center">
        <h1 className="text-3xl font-semibold text-slate-900">Simple pricing, no commitment.</h1>
        <p className="mt-2 text-sm text-slate-500">
          {data.email} · Current account number used in the last 30 days: <strong data-testid="current-usage">{data.used}</strong>
        </p>
        <div className="mt-5 flex flex-wrap items-center justify-center gap-4">
          <div className="inline-flex rounded-md border border-slate-300 bg-white p-1 text-sm" role="group" aria-label="Billing period">
            <Link to={href({ interval: "month" })} preventScrollReset aria-current={interval === "month" ? "true" : undefined} className={`rounded px-3 py-1 ${interval === "month" ? "bg-brand-600 text-white" : ""}`}>Monthly billing</Link>
            <Link to={href({ interval: "year" })} preventScrollReset aria-current={interval === "year" ? "true" : undefined} className={`rounded px-3 py-1 ${interval === "year" ? "bg-brand-600 text-white" : ""}`}>Yearly billing</Link>
          </div>
          <div className="inline-flex rounded-md border border-slate-300 bg-white p-1 text-sm" role="group" aria-label="Currency">
            {CURRENCIES.map((c) => (
              <Link key={c} to={href({ currency: c })} preventScrollReset aria-current={currency === c ? "true" : undefined} className={`rounded px-3 py-1 ${currency === c ? "bg-brand-600 text-white" : ""}`}>{c.toUpperCase()}</Link>
            ))}
          </div>
        </div>
        <p className="mt-3 text-sm font-medium text-green-700">Get 2 months free for an annual plan!</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {data.plans.map((plan) => {
          const isSelected = selected?.id === plan.id;
          return (
            <Link
              key={plan.id}
              to={`${href({ plan: plan.id })}#total`}
              preventScrollReset={false}
              data-testid={`plan-${plan.id}`}
              className={`flex flex-col rounded-lg border-2 bg-white p-5 shadow-sm hover:border-brand-400 ${isSelected ? "border-brand-600" : "border-transparent"}`}
            >
              <span className="text-lg font-semibold">{plan.title}</span>
              <span className="mt-2 text-2xl font-bold">{formatPrice(plan.prices[interval][currency], currency)}</span>
              <span className="text-xs text-slate-500">per {interval === "month" ? "month" : "year"}</span>
              <span className="mt-3 text-sm">{plan.maxAccounts} accounts</span>
              {data.currentPlan === plan.id ? <span className="mt-2 text-xs font-medium text-green-700">Your current plan</span> : null}
              {plan.maxAccounts < data.used ? <span className="mt-2 text-xs font-medium text-amber-700">More than current usage on 30 days</span> : null}
              <span className={`mt-4 rounded-md py-1.5 text-center text-sm font-medium ${isSelected ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"}`}>{isSelected ? "Selected" : "Select"}</span>
            </Link>
          );
        })}
      </div>

      {!data.billing.configured ? (
        <div className="mt-8" data-testid="billing-unconfigured">
          <Banner tone="info" title="Subscriptions are not available on this server yet">
            <p>{BILLING_OFF}</p>
            {data.billing.variables ? (
              <p className="mt-1">
                As an administrator: set {data.billing.variables.map((v, i) => <span key={v}>{i ? ", " : ""}<code>{v}</code></span>)} on the server (your Stripe account&apos;s keys and prices), then reload this page.
              </p>
            ) : (
              <p className="mt-1">Ask your administrator to connect the Stripe account.</p>
            )}
          </Banner>
        </div>
      ) : null}
      <div id="total" className="mt-8 rounded-lg bg-white p-6 shadow">
        {actionData?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{actionData.error}</p> : null}
        {selected ? (
          <Form method="post" className="flex flex-wrap items-center justify-between gap-4">
            <input type="hidden" name="plan" value={selected.id} />
            <input type="hidden" name="interval" value={interval} />
            <input type="hidden" name="currency" value={currency} />
            <p className="text-lg">
              Total: <strong data-testid="total">{formatPrice(selected.prices[interval][currency], currency)}</strong> per {interval === "month" ? "month" : "year"} · {selected.title} ({selected.maxAccounts} accounts)
            </p>
            <SubmitButton pendingLabel="Opening Stripe…" disabled={!data.billing.configured} className="px-6">
              {data.currentPlan ? "Change plan" : "Subscribe"}
            </SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-slate-500">Choose a plan above to see the total.</p>
        )}
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section>
          <h2 className="mb-3 text-lg font-semibold">Every plan includes</h2>
          <table className="w-full rounded-lg bg-white text-sm shadow">
            <tbody>
              {FEATURES.map((f) => (
                <tr key={f} className="border-t border-slate-100 first:border-0"><td className="px-4 py-2">{f}</td><td className="px-4 py-2 text-right text-green-700">✓</td></tr>
              ))}
            </tbody>
          </table>
        </section>
        <section>
          <h2 className="mb-3 text-lg font-semibold">Included data sources</h2>
          <p className="rounded-lg bg-white p-4 text-sm leading-6 text-slate-600 shadow">{data.dataStudioSources.join(" · ")}</p>
        </section>
      </div>
      <section className="mt-10">
        <h2 className="mb-3 text-lg font-semibold">Frequently asked questions</h2>
        <dl className="space-y-4 rounded-lg bg-white p-6 text-sm shadow">
          {FAQ.map(([q, a]) => (
            <div key={q}><dt className="font-medium">{q}</dt><dd className="mt-1 text-slate-600">{a}</dd></div>
          ))}
        </dl>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
