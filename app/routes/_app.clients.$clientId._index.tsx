import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { alertsRepo, metricCards, requireClient } from "~/services/alerts.server";
import { getDb } from "~/services/db.server";
import { automaticCheckCounts } from "~/services/checks.server";
import { AreaSparkline } from "~/components/alert-charts";
import { GeneralErrorBoundary } from "~/components/error-box";
import { formatCheckedAt } from "~/components/automatic-check";

type Card = { key: string; label: string; on: number; total: number; href: string; createHref: string; checkedAt?: string | null };

/** Client home (spec 1 §2.4): check cards with real counts and the four metric cards. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const db = getDb();
  const id = client.dataSource.id;
  const stats = (await alertsRepo.statsOnAlert(db, company.id, [id])).get(id) ?? {};
  const sum = (keys: string[], f: "numberStatusTrue" | "numberTotalConfigured") => keys.reduce((n, k) => n + (stats[k]?.[f] ?? 0), 0);
  const urls = await db.selectFrom("urlChecks").select(["lastStatus", "lastCrawl"]).where("companyId", "=", company.id).where("dataSourceId", "=", id).execute();
  const checks = await automaticCheckCounts(company.id, id);
  const options = client.platform?.alertOptions ?? {};
  const base = `/clients/${id}`;
  const configurable: Card[] = [
    { key: "alerts", label: "Alerts", on: sum(["metric/default", "kpi/default"], "numberStatusTrue"), total: sum(["metric/default", "kpi/default"], "numberTotalConfigured"), href: `${base}/anomalies`, createHref: `${base}/anomalies?picker=1` },
    { key: "pacing", label: "Pacing", on: sum(["pacing/default"], "numberStatusTrue"), total: sum(["pacing/default"], "numberTotalConfigured"), href: `${base}/pacing`, createHref: `${base}/alerts/create/pacing` },
  ];
  const automatic: Card[] = [];
  if (options.url_checker) automatic.push({ key: "url", label: "Url", on: urls.filter((u) => u.lastStatus !== 200).length, total: urls.length, checkedAt: urls.reduce<Date | null>((m, u) => (u.lastCrawl && (!m || u.lastCrawl > m) ? u.lastCrawl : m), null)?.toISOString() ?? null, href: `${base}/options/url-checker`, createHref: `${base}/options/url-checker` });
  if (options.security) automatic.push({ key: "security", label: "Security", ...checks.security, href: `${base}/options/security`, createHref: `${base}/options/security` });
  // Ads: objectives off target, plus the products advertised while not in stock (product_available, decision 0515).
  if (options.ads) automatic.push({ key: "ads", label: "Ads", on: sum(["objective/default"], "numberStatusTrue") + checks.product.on, total: sum(["objective/default"], "numberTotalConfigured") + checks.product.total, href: `${base}/objectives`, createHref: `${base}/objectives` });
  if (options.conversion_tag) automatic.push({ key: "conversion", label: "Conversions tag", ...checks.conversionTag, href: `${base}/options/conversion-tag`, createHref: `${base}/options/conversion-tag` });
  const metrics = await metricCards(company.id, client);
  return json({ configurable, automatic, ...metrics });
}

function cardColour(card: Card) {
  // Spec 1 §2.4: yellow when nothing is set up, green when nothing is wrong, red otherwise.
  if (card.total === 0) return "border-yellow-300 bg-yellow-50";
  if (card.on === 0) return "border-green-300 bg-green-50";
  return "border-red-300 bg-red-50";
}

function CheckCard({ card }: { card: Card }) {
  return (
    <div className={`rounded-lg border p-4 ${cardColour(card)}`} data-testid={`card-${card.key}`}>
      <p className="text-sm font-medium text-slate-700">{card.label}</p>
      <p className="my-1 text-2xl font-semibold text-slate-900">
        {card.on} <span className="text-sm font-normal text-slate-600">on {card.total}</span>
      </p>
      {card.checkedAt ? <p className="text-xs text-slate-600">Last checked {formatCheckedAt(card.checkedAt)}</p> : null}
      {card.total === 0 ? (
        <Link to={card.createHref} className="text-sm text-brand-700 hover:underline">Create your first</Link>
      ) : (
        <Link to={card.href} className="text-sm text-brand-700 hover:underline">View all</Link>
      )}
    </div>
  );
}

const format = (n: number | null, currency?: string | null) =>
  n === null ? "N/A" : currency ? new Intl.NumberFormat("en-GB", { style: "currency", currency, maximumFractionDigits: 0 }).format(n) : new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 }).format(n);

export default function ClientHome() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <section>
        <h2 className="mb-3 text-lg font-semibold">Configurable checks</h2>
        <div className="grid gap-4 sm:grid-cols-2">{data.configurable.map((c) => <CheckCard key={c.key} card={c} />)}</div>
      </section>
      {data.automatic.length ? (
        <section>
          <h2 className="mb-3 text-lg font-semibold">Automatic checks</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{data.automatic.map((c) => <CheckCard key={c.key} card={c} />)}</div>
        </section>
      ) : null}
      <section>
        <h2 className="mb-3 text-lg font-semibold">Metrics</h2>
        {data.empty ? (
          <p className="mb-3 text-sm text-slate-600" data-testid="metrics-pending">
            The account's figures are on their way: they are read when the account is added, then every hour.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {data.cards.map((m) => (
            <div key={m.key} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" data-testid={`metric-${m.key}`}>
              <p className="text-sm text-slate-500">{m.label}{m.key === "cost" && data.currency ? ` (${data.currency})` : ""}</p>
              <p className="text-2xl font-semibold text-slate-900">{format(m.last7, m.key === "cost" ? data.currency : null)}</p>
              <p className="text-xs text-slate-500">
                Previous 7 days: {format(m.previous7, m.key === "cost" ? data.currency : null)} ·{" "}
                <span className={m.change === null ? "" : m.change >= 0 ? "text-green-700" : "text-red-700"}>{m.change === null ? "N/A" : `${m.change > 0 ? "+" : ""}${m.change}%`}</span>
              </p>
              <AreaSparkline points={m.points} label={m.label} unit={m.key === "cost" ? data.currency : null} />
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
