import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { activatePolymathee, adsPage } from "~/services/objectives.server";
import { activateProductAvailability } from "~/services/checks.server";
import { formatCheckedAt } from "~/components/automatic-check";
import { PageHeader } from "~/components/empty-state";
import { SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, submittedIntent } from "~/services/request-input.server";

/** The account's ads checks (decision 0515): objectives, URL checker and the Google Ads options. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await adsPage(request, params.clientId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Polymathee's own schema refuses anything else.
  if (submittedIntent(await readForm(request), ["product_available"])) return activateProductAvailability(request, params.clientId);
  return activatePolymathee(request, params.clientId);
}

export const meta = () => [{ title: "Ads · Signalpost" }];

function Row({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <li className="flex items-center justify-between gap-4 border-t border-slate-100 px-4 py-3 first:border-t-0" data-testid={testId}>
      <span className="font-medium text-slate-800">{title}</span>
      <span className="text-sm text-slate-600">{children}</span>
    </li>
  );
}

export default function Ads() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <div>
      <PageHeader title="Ads" />
      <ul className="rounded-lg border border-slate-200 bg-white">
        {d.objectives ? (
          <Row title="Objectives" testId="ads-objectives">
            {d.objectives.inAnomaly} off target on {d.objectives.total} · <Link to={`/clients/${d.clientId}/objectives`} className="text-brand-700 underline">{d.objectives.total ? "View all" : "Create your first"}</Link>
          </Row>
        ) : null}
        {d.urls ? (
          <Row title="Url checker" testId="ads-urls">
            {d.urls.broken} broken on {d.urls.total} · <Link to={`/clients/${d.clientId}/options/url-checker`} className="text-brand-700 underline">View all</Link>
          </Row>
        ) : null}
        {d.polymathee ? (
          <Row title="Polymathee (impressions, clicks, cost and conversions moving over 50 %)" testId="ads-polymathee">
            {d.polymathee.configuredForId ? (
              <Link to={`/clients/${d.clientId}/details/${d.polymathee.configuredForId}`} className="text-brand-700 underline">
                Active · {d.polymathee.status === "ANOMALY" ? "Open Issue" : d.polymathee.status === "OK" ? "Everything fine" : "Not evaluated yet"}
              </Link>
            ) : (
              <Form method="post">
                <SubmitButton name="intent" value="polymathee" busy={busy}>Activate</SubmitButton>
              </Form>
            )}
          </Row>
        ) : null}
        {d.productAvailable ? (
          <Row title="Product availability (Shopping products advertised while not in stock)" testId="ads-product-available">
            {d.productAvailable.activated ? (
              <>
                {d.productAvailable.inError} advertised out of stock on {d.productAvailable.total}
                {d.productAvailable.checkedAt ? ` · Last checked ${formatCheckedAt(d.productAvailable.checkedAt)}` : " · Not checked yet"} ·{" "}
                <Link to={`/clients/${d.clientId}/options/product-availability`} className="text-brand-700 underline">View all</Link>
              </>
            ) : (
              <Form method="post">
                <SubmitButton name="intent" value="product_available" busy={busy}>Activate</SubmitButton>
              </Form>
            )}
          </Row>
        ) : null}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
