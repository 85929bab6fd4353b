// The form of the alert on a client's total spend across its ads platforms (decision 0931):
// which accounts may be added up (the company's activated ads accounts), and the save. Every id
// that comes back from the form is checked against that list: another company's account, a
// blocked one or a non-ads one is refused and nothing is written.
import type { CrossPlatformAlertInput } from "~/utils/cross-platform-alert";
import type { Company } from "../../db/schema.js";
import * as alertsRepo from "../../db/repositories/alerts.js";
import { listActiveAccountsOnPlatforms } from "../../db/repositories/data-sources.js";
import { blendablePlatforms, BLENDED_PLATFORM, findPlatform, type AlertDefinition } from "../../engine/index.js";
import { CROSS_PLATFORM_METRIC } from "../../server/cross-platform-alert.js";
import { getDb } from "./db.server.js";
import { evaluateSoon, type Client } from "./alerts.server.js";

export { CROSS_PLATFORM_OPERATORS, CROSS_PLATFORM_WINDOWS, CrossPlatformAlertSchema, type CrossPlatformAlertInput } from "~/utils/cross-platform-alert";

export type AdsAccountChoice = { dataSourceId: number; accountId: string; name: string; platform: string; platformName: string; currency: string | null };

/** The company's activated, unblocked accounts on ads platforms. */
export async function adsAccountChoices(companyId: number): Promise<AdsAccountChoice[]> {
  const rows = await listActiveAccountsOnPlatforms(getDb(), companyId, blendablePlatforms());
  return rows.map((r) => ({ dataSourceId: r.dataSourceId, accountId: r.accountId, name: r.name, platform: r.platform, platformName: findPlatform(r.platform)?.displayName ?? r.platform, currency: r.currency }));
}

export async function crossPlatformAlertForm(company: Pick<Company, "id" | "reportingCurrency">, client: Client) {
  const accounts = await adsAccountChoices(company.id);
  return { clientId: client.dataSource.id, clientName: client.dataSource.name, reportingCurrency: company.reportingCurrency, accounts, preselected: accounts.some((a) => a.dataSourceId === client.dataSource.id) ? [client.dataSource.id] : [] };
}

/** The stored definition: a metric alert on `spend` whose requests are the marker and the accounts. */
export function crossPlatformDefinition(client: Client, input: CrossPlatformAlertInput, accounts: AdsAccountChoice[]): AlertDefinition {
  const requests: AlertDefinition["requests"] = {
    A: { platform: BLENDED_PLATFORM, accountId: client.dataSource.accountId, dataSourceId: client.dataSource.id, level: "ACCOUNT", filters: [] },
  };
  for (const a of accounts) requests[`ds${a.dataSourceId}`] = { platform: a.platform, accountId: a.accountId, dataSourceId: a.dataSourceId, level: "ACCOUNT", filters: [] };
  return {
    title: input.title,
    type: "metric",
    pivot: true,
    requests,
    variables: [
      {
        type: "metric",
        alertType: "threshold",
        alertValue: [{ operator: input.operator, thresholdValue: input.amount, thresholdType: input.comparison, metric: CROSS_PLATFORM_METRIC, during: input.during }],
        calculatedFields: [],
        breakdown: null,
      },
    ],
  };
}

export async function createCrossPlatformAlert(
  company: Pick<Company, "id" | "reportingCurrency">,
  userId: number,
  client: Client,
  input: CrossPlatformAlertInput,
): Promise<{ ok: true; configuredForId: number } | { ok: false; field: "account"; message: string }> {
  const choices = await adsAccountChoices(company.id);
  const chosen = [...new Set(input.account)].map((id) => choices.find((c) => c.dataSourceId === id));
  if (chosen.some((c) => !c)) return { ok: false, field: "account", message: "Choose accounts from the list: one of them is not an ads account of your company." };
  const accounts = chosen as AdsAccountChoice[];
  const currencies = [...new Set(accounts.map((a) => a.currency ?? "?"))];
  if (!company.reportingCurrency && currencies.length > 1) {
    return { ok: false, field: "account", message: `These accounts spend in ${currencies.join(", ")}: choose a reporting currency in Settings → Currency first, so they can be added up.` };
  }
  const definition = crossPlatformDefinition(client, input, accounts);
  const stored = { variables: definition.variables, requests: definition.requests } as alertsRepo.StoredDefinition;
  const db = getDb();
  const configuredForId = await db.transaction().execute(async (trx) => {
    const sentry = await alertsRepo.createSentry(trx, company.id, { title: definition.title, type: "metric", platform: BLENDED_PLATFORM, definition: stored, createdById: userId });
    const cf = await alertsRepo.createConfiguredFor(trx, company.id, sentry.id, client.dataSource.id);
    return cf!.id;
  });
  await evaluateSoon([configuredForId], [client.dataSource.id]);
  return { ok: true, configuredForId };
}
