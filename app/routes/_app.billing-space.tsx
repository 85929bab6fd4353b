import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { getCompanyUsage } from "~/services/usage.server";
import { openBillingPortal } from "~/services/billing.server";
import { redirectWithToast } from "~/services/toast.server";
import { findPlan } from "../../lib/billing/plans.js";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";

export const meta = () => [{ title: "Billing · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const usage = await getCompanyUsage(getDb(), company);
  const plan = findPlan(company.stripePlan);
  return json({
    reference: company.id,
    subscribed: Boolean(company.stripeSubscriptionId),
    canManage: Boolean(company.stripeCustomerId),
    plan: plan ? { title: plan.title, maxAccounts: plan.maxAccounts } : null,
    state: company.stripeSubscriptionState,
    interval: company.stripeInterval,
    currency: company.stripeCurrency,
    periodEnd: company.stripePeriodEnd?.toISOString() ?? null,
    trialEndsAt: usage.trialEndsAt,
    trialOver: usage.trialOver,
    used: usage.used,
    cap: usage.cap,
    accounts: usage.accounts.map((a) => ({ id: a.dataSourceId, name: a.name, accountId: a.accountId, platform: a.platform, deleted: a.deleted, lastUsedAt: a.lastUsedAt.toISOString(), locked: usage.lockedIds.includes(a.dataSourceId) })),
  });
}

/** The Stripe Billing Portal: invoices, payment method, cancel. */
export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  // No fields, but the body is still read: a wrong content type or a hostile body is refused (decision 0830).
  await readForm(request);
  if (!company.stripeCustomerId) {
    return redirectWithToast("/buy", { type: "info", title: "Choose a plan first", description: "The billing space opens once you have subscribed." });
  }
  try {
    return redirect(await openBillingPortal(company, new URL(request.url).origin));
  } catch (error) {
    console.error("billing portal failed", error);
    return redirectWithToast("/billing-space", { type: "error", title: "An error occurred", description: "Unable to open your billing space. Please try again or ask your account manager." });
  }
}

const date = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

export default function BillingSpace() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Billing" />
      <section className="rounded-lg bg-white p-6 shadow" data-testid="subscription">
        {data.subscribed ? (
          <>
            <p className="text-lg">
              Plan <strong>{data.plan?.title ?? "—"}</strong> ({data.plan?.maxAccounts ?? "?"} accounts) · <span data-testid="subscription-state">{data.state ?? "active"}</span>
            </p>
            <p className="mt-1 text-sm text-slate-500">
              Billed {data.interval === "year" ? "yearly" : "monthly"}{data.currency ? ` in ${data.currency.toUpperCase()}` : ""}
              {data.periodEnd ? ` · current period ends ${date(data.periodEnd)}` : ""}
            </p>
          </>
        ) : (
          <p className="text-lg" data-testid="subscription-state">
            Free trial {data.trialOver ? "ended" : "ends"} on {date(data.trialEndsAt)}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500">Account reference for support: <span data-testid="company-reference">{data.reference}</span></p>
        <div className="mt-4 flex gap-3">
          {data.canManage ? (
            <Form method="post">
              <button className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? "Please wait…" : "Manage billing and invoices"}
              </button>
            </Form>
          ) : null}
          <Link to="/buy" className="rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50">{data.subscribed ? "Change plan" : "Subscribe now"}</Link>
        </div>
      </section>
      <section className="rounded-lg bg-white shadow">
        <h2 className="border-b border-slate-100 px-6 py-4 font-semibold">
          Accounts used in the last 30 days: <span data-testid="billing-used">{data.used}</span> / {data.cap === null ? "∞" : data.cap}
        </h2>
        {data.accounts.length === 0 ? (
          <p className="px-6 py-6 text-sm text-slate-500">No account was read in the last 30 days.</p>
        ) : (
          <table className="table-cards w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase text-slate-500"><tr><th className="px-6 py-2">Account</th><th className="px-6 py-2">Platform</th><th className="px-6 py-2">Last used</th><th className="px-6 py-2">Status</th></tr></thead>
            <tbody>
              {data.accounts.map((a) => (
                <tr key={a.id} className="border-t border-slate-100">
                  <td data-label="Account" className="px-6 py-2">{a.name} <span className="text-slate-500">{a.accountId}</span>{a.deleted ? <span className="block text-xs text-slate-500">Deleted since; its reads in the last 30 days still count.</span> : null}</td>
                  <td data-label="Platform" className="px-6 py-2">{a.platform}</td>
                  <td data-label="Last used" className="px-6 py-2">{date(a.lastUsedAt)}</td>
                  <td data-label="Status" className="px-6 py-2">{a.locked ? <span className="text-red-700">Locked: beyond your plan</span> : "Active"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
