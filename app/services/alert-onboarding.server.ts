// The alert onboarding wizard (spec 3 §2.9) at /data-sources/add: Create account (connect a
// source through the sources flow, or pick one, then one of its accounts), Activate alert (the
// platform's templates, toggled on the account) and Preview (what those alerts find now), then
// Save. Each step is a GET with its state in the URL, each decision a POST: the wizard works
// without JavaScript. Routes reach the database and the engine only through here.
import { json } from "@remix-run/node";
import { setCompanyActivateAlert } from "../../db/repositories/companies.js";
import { findDataSourceByAccount, listDataSources, setDataSourceActivateAlert } from "../../db/repositories/data-sources.js";
import { getNetworkAuthorization, listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import type { Company } from "../../db/schema.js";
import { findPlatform, getPlatformIcon, listPlatforms, sortPlatforms, hasConnector } from "../../engine/index.js";
import { alertsRepo, assignIfNobody, evaluateSoon, previewAlert, requireClient, templatesFor, type Client } from "./alerts.server.js";
import { getDb } from "./db.server.js";
import { activateAccount, SourceFlowError } from "./sources.server.js";
import { ACCOUNT_LIST_CAP, ONBOARDING_MESSAGES } from "~/utils/alert-onboarding";
import { parseId } from "../../lib/ids.js";

/** Live previews on the last step (each reads the platform): the first ones only. */
export const PREVIEW_LIMIT = 10;

export type OnboardingStep = "account" | "alert" | "preview";
const STEP_INDEX: Record<OnboardingStep, number> = { account: 0, alert: 1, preview: 2 };

/** Platforms whose alerts are active and that have a connector: the only ones the wizard offers. */
function monitorable(platformId: string): boolean {
  const platform = findPlatform(platformId);
  return Boolean(platform?.alertsActive && hasConnector(platform.id));
}

export function monitorablePlatforms() {
  return sortPlatforms(listPlatforms().filter((p) => monitorable(p.id))).map((p) => ({ id: p.id, displayName: p.displayName }));
}

/** This company's source on a monitorable platform, or a 404 that names nothing of anyone else's. */
async function requireMonitorableSource(companyId: number, sourceId: number) {
  const source = parseId(sourceId) ? await getNetworkAuthorization(getDb(), companyId, sourceId) : undefined;
  if (!source || !monitorable(source.platform)) throw json({ message: "Not available" }, { status: 404 });
  return source;
}

/** The wizard's client: an account of this company on a monitorable platform, else 404. */
async function requireOnboardingClient(companyId: number, clientId: string | null): Promise<Client> {
  const client = await requireClient(companyId, clientId ?? undefined);
  if (!monitorable(client.platformId)) throw json({ message: "Not available" }, { status: 404 });
  return client;
}

export type OnboardingAccount = { accountId: string; name: string; dataSourceId: number | null; protected: boolean };

/** A source's accounts whose name (or id) contains the search, capped to ACCOUNT_LIST_CAP. */
export async function sourceAccounts(companyId: number, sourceId: number, search: string) {
  const db = getDb();
  const source = await requireMonitorableSource(companyId, sourceId);
  const activated = await listDataSources(db, companyId, { networkAuthorizationId: source.id });
  const byAccount = new Map(activated.map((d) => [d.accountId, d]));
  const q = search.trim().toLowerCase();
  const matching = (source.availableDataSources ?? []).filter((a) => !q || a.name.toLowerCase().includes(q) || a.accountId.toLowerCase().includes(q));
  const accounts: OnboardingAccount[] = matching.slice(0, ACCOUNT_LIST_CAP).map((a) => {
    const ds = byAccount.get(a.accountId);
    return { accountId: a.accountId, name: a.name, dataSourceId: ds?.id ?? null, protected: Boolean(ds?.activateAlert) };
  });
  return { source: { id: source.id, name: source.name, platformName: findPlatform(source.platform)?.displayName ?? source.platform }, accounts, matching: matching.length };
}

function stepOf(url: URL): OnboardingStep {
  const step = url.searchParams.get("step");
  return step === "alert" || step === "preview" ? step : "account";
}

export type PreviewRow = { configuredForId: number; title: string; type: string; analysed: number | null; anomalies: number | null; error: string | null };

/** The Preview step: the account's activated alerts evaluated on live data now. */
async function previewRows(companyId: number, client: Client): Promise<PreviewRow[]> {
  const db = getDb();
  const [bound, sentries] = await Promise.all([
    alertsRepo.listConfiguredFors(db, companyId, { dataSourceId: client.dataSource.id }),
    // Every sentry of the company: the starter templates fit any ads platform ("*").
    alertsRepo.listSentries(db, companyId),
  ]);
  const byId = new Map(sentries.map((s) => [s.id, s]));
  return Promise.all(
    bound.map(async (row, i): Promise<PreviewRow> => {
      const base = { configuredForId: row.id, title: row.sentryTitle, type: row.sentryType, analysed: null, anomalies: null, error: null };
      const sentry = byId.get(row.sentryId);
      const [key, request] = Object.entries(sentry?.definition.requests ?? {})[0] ?? [];
      if (!sentry || !request || i >= PREVIEW_LIMIT) return base;
      // A template names the account it was made on: preview it on this one, as the worker does.
      const definition = { variables: sentry.definition.variables, requests: { [key]: { ...request, accountId: client.dataSource.accountId, dataSourceId: client.dataSource.id } } };
      try {
        const out = await previewAlert(companyId, client, definition as Parameters<typeof previewAlert>[2]);
        return { ...base, analysed: out.results.length, anomalies: out.results.filter((r) => r.status === "ANOMALY").length };
      } catch (error) {
        return { ...base, error: error instanceof Error ? error.message : "Not available" };
      }
    }),
  );
}

type OnboardingSource = { id: number; name: string; platformName: string; icon: string; accounts: number };
type OnboardingTemplate = Awaited<ReturnType<typeof templatesFor>>[number];
type Lists = { sources: OnboardingSource[]; platforms: ReturnType<typeof monitorablePlatforms>; templates: OnboardingTemplate[]; preview: PreviewRow[] };
const NO_LISTS: Lists = { sources: [], platforms: [], templates: [], preview: [] };

export async function onboardingLoader(companyId: number, url: URL) {
  const step = stepOf(url);
  const search = url.searchParams.get("q") ?? "";
  if (step === "account") {
    const sources = (await listNetworkAuthorizations(getDb(), companyId))
      .filter((s) => monitorable(s.platform))
      .map((s) => ({ id: s.id, name: s.name, platformName: findPlatform(s.platform)!.displayName, icon: getPlatformIcon(s.platform), accounts: s.availableDataSources?.length ?? 0 }));
    const sourceParam = url.searchParams.get("source");
    const chosen = sourceParam ? await sourceAccounts(companyId, Number(sourceParam), search) : null;
    const connectParam = url.searchParams.get("connect");
    const connect = connectParam ? monitorablePlatforms().find((p) => p.id === connectParam) ?? null : null;
    if (connectParam && !connect) throw json({ message: `There is no platform called "${connectParam}" with alerts.` }, { status: 404 });
    return { ...NO_LISTS, step, index: STEP_INDEX[step], search, sources, chosen, connect, platforms: monitorablePlatforms(), client: null };
  }
  const client = await requireOnboardingClient(companyId, url.searchParams.get("client"));
  const clientView = { id: client.dataSource.id, name: client.dataSource.name, accountId: client.dataSource.accountId, platformName: client.platform?.displayName ?? client.platformId, sourceId: client.source.id };
  const base = { ...NO_LISTS, step, index: STEP_INDEX[step], search, chosen: null, connect: null, client: clientView };
  if (step === "alert") return { ...base, templates: await templatesFor(companyId, client, search) };
  return { ...base, preview: await previewRows(companyId, client) };
}

/** Step 1's Next: the chosen account's data source (created when the account was not activated). */
export async function chooseAccount(companyId: number, sourceId: number, accountId: string): Promise<{ dataSourceId: number } | { fieldError: string } | { failure: { title: string; message: string } }> {
  const source = await requireMonitorableSource(companyId, sourceId);
  if (!(source.availableDataSources ?? []).some((a) => a.accountId === accountId)) return { fieldError: ONBOARDING_MESSAGES.accountUnknown };
  try {
    await activateAccount(companyId, source.id, accountId);
    const ds = await findDataSourceByAccount(getDb(), companyId, source.id, accountId);
    if (!ds) throw new Error("the data source was not created");
    return { dataSourceId: ds.id };
  } catch (error) {
    if (!(error instanceof SourceFlowError)) console.error("[onboarding] account creation failed", error instanceof Error ? error.message : error);
    return { failure: { title: ONBOARDING_MESSAGES.createFailedTitle, message: ONBOARDING_MESSAGES.createFailed } };
  }
}

/**
 * Save: the account is monitored (activateAlert on the data source and, for a company that did
 * not monitor yet, on the company so / shows the dashboard), the user who saved is assigned when
 * nobody is (someone is always notified, issue 18), its alerts run now and its metric cards fill.
 */
export async function saveOnboarding(company: Pick<Company, "id" | "activateAlert">, userId: number, clientId: string | null): Promise<{ clientId: number } | { error: string; status: number }> {
  const client = await requireOnboardingClient(company.id, clientId);
  const bound = await alertsRepo.listConfiguredFors(getDb(), company.id, { dataSourceId: client.dataSource.id });
  if (bound.length === 0) return { error: ONBOARDING_MESSAGES.noAlert, status: 400 };
  try {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        if (!(await setDataSourceActivateAlert(trx, company.id, client.dataSource.id, true))) throw new Error("the account disappeared");
        if (!company.activateAlert) await setCompanyActivateAlert(trx, company.id, true);
        await assignIfNobody(trx, company.id, client.dataSource.id, userId);
      });
  } catch (error) {
    console.error("[onboarding] save failed", error instanceof Error ? error.message : error);
    return { error: ONBOARDING_MESSAGES.saveFailed, status: 500 };
  }
  // The metric cards read the account's daily statistics: refreshed now, not at the next hour.
  await evaluateSoon(bound.map((b) => b.id), [client.dataSource.id]);
  return { clientId: client.dataSource.id };
}

export { requireOnboardingClient };
