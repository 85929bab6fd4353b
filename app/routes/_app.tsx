import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { getCompanyUsage, usageColour } from "~/services/usage.server";
import { usersRepo } from "~/services/repositories.server";
import { gettingStartedProgress } from "~/services/getting-started.server";
import { Shell } from "~/components/shell";
import { GeneralErrorBoundary } from "~/components/error-box";
import { screenTimeZone } from "~/services/time-zone.server";
import { BrowserTimeZone } from "~/components/time";

/** Paths that never bounce to /getting-started (spec 3 §2.1), plus the pages the wizard itself uses. */
const GETTING_STARTED_EXEMPT = ["/getting-started", "/billing-space", "/buy", "/redirect", "/templates", "/link-to", "/data-connector/sources", "/profile", "/help", "/success"];

/**
 * A company that has nothing yet goes to the wizard. One that had data before (logs of reads or
 * runs) does not, even with its last source deleted: its past stays reachable (issue 19).
 */
export function shouldRedirectToGettingStarted(input: { pathname: string; sourceCount: number; skipped: boolean; history?: boolean }): boolean {
  if (input.sourceCount > 0 || input.skipped || input.history) return false;
  return !GETTING_STARTED_EXEMPT.some((p) => input.pathname === p || input.pathname.startsWith(`${p}/`));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, company, impersonatorId } = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const progress = await gettingStartedProgress(company.id, db);
  if (shouldRedirectToGettingStarted({ pathname: url.pathname, sourceCount: progress.done.source ? 1 : 0, skipped: user.skippedGettingStarted, history: progress.history })) {
    throw redirect("/getting-started");
  }
  const usage = await getCompanyUsage(db, company);
  const zone = screenTimeZone(request, user);
  return json({
    timeZone: zone.timeZone,
    timeZoneSource: zone.source,
    user: { email: user.email, firstName: user.firstName, isAdmin: usersRepo.isAdmin(user) },
    company: { name: company.name, activateAlert: company.activateAlert, subscribed: Boolean(company.stripeSubscriptionId), gettingStarted: { completed: progress.completed, total: progress.total } },
    usage: { used: usage.used, cap: usage.cap, trialOver: usage.trialOver, colour: usageColour(usage) },
    impersonating: impersonatorId !== null,
    banners: usage.banners,
  });
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <Shell user={data.user} company={data.company} usage={data.usage} impersonating={data.impersonating} banners={data.banners}>
      <BrowserTimeZone />
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
