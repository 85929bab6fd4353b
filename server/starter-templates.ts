// The starter library of alert templates (issue 18): useful alerts with what they watch and why,
// added once to every company (companies.starter_templates_at; the app adds them the first time
// templates are listed, the demo seed at once: server/seed/starter-templates.ts). Platform "*"
// (ANY_ADS_PLATFORM): they read the ads ids every ads connector shares
// (engine/connectors/shared/ads-fields.ts), so they apply to any ads platform. A company may edit or delete them like its own templates; deleted ones stay
// deleted (the flag is set once).
import { sql } from "kysely";
import type { DB } from "../db/connection.js";
import { createSentry, type StoredDefinition } from "../db/repositories/alerts.js";

/** A template's platform that fits every ads platform. */
export const ANY_ADS_PLATFORM = "*";

type Starter = { title: string; description: string; type: "metric" | "pacing"; definition: StoredDefinition };

const request = (level: string, filters: unknown[] = []) => ({ A: { accountId: "*", platform: ANY_ADS_PLATFORM, level, filters } });
const metricVariable = (alertType: "threshold" | "trend", condition: Record<string, unknown>, calculatedFields: { name: string; field: string }[] = []) => ({
  type: "metric",
  alertType,
  alertValue: [condition],
  calculatedFields,
  breakdown: null,
});

export const STARTER_TEMPLATES: Starter[] = [
  {
    title: "Spend pacing: monthly budget",
    description: "Projects this month's spend from the days gone and warns when it heads above 10,000 or below 2,000. Edit the amounts to the account's budget.",
    type: "pacing",
    definition: { variables: [{ type: "pacing", period: "start_of_month", metric: "cost", thresholds: { above: 10000, below: 2000 } }], requests: request("ACCOUNT") },
  },
  {
    title: "Zero impressions on an active campaign",
    description: "An enabled campaign showed no ad yesterday: a disapproval, an exhausted budget or a broken targeting.",
    type: "metric",
    definition: {
      variables: [metricVariable("threshold", { operator: "sum", thresholdValue: 0, thresholdType: "equals", metric: "impressions", during: "yesterday" })],
      requests: request("CAMPAIGN", [{ field: "campaign_status", operator: "equals", value: ["ENABLED", "ACTIVE"] }]),
    },
  },
  {
    title: "CPA spike",
    description: "Cost per conversion yesterday more than 30 % above its last 30 days: conversions got expensive, or stopped being counted.",
    type: "metric",
    definition: {
      variables: [
        metricVariable("trend", { operator: "sum", trendValue: 30, trendType: "above", metric: "cpa", duringTime1: "yesterday", duringTime2: "30_days" }, [{ name: "cpa", field: "{cost} / {conversions}" }]),
      ],
      requests: request("CAMPAIGN"),
    },
  },
  {
    title: "CTR drop",
    description: "Click-through rate yesterday more than 25 % below its last 30 days: tired ads, a new competitor or a wrong audience.",
    type: "metric",
    definition: {
      variables: [
        metricVariable("trend", { operator: "sum", trendValue: 25, trendType: "below", metric: "ctr_percent", duringTime1: "yesterday", duringTime2: "30_days" }, [
          { name: "ctr_percent", field: "{clicks} / {impressions} * 100" },
        ]),
      ],
      requests: request("CAMPAIGN"),
    },
  },
  {
    title: "Conversion tag stopped",
    description: "The account's conversions fell by more than 90 % against the last 7 days: a removed or broken conversion tag. The Conversion tag check shows each tag's status.",
    type: "metric",
    definition: {
      variables: [metricVariable("trend", { operator: "sum", trendValue: 90, trendType: "below", metric: "conversions", duringTime1: "yesterday", duringTime2: "7_days" })],
      requests: request("ACCOUNT"),
    },
  },
];

/**
 * The library's automatic checks: they need no template (every monitored account of a platform
 * that offers them is checked daily), the picker lists them with a link to their page.
 */
export const STARTER_CHECKS = [
  { title: "Broken landing URLs", description: "Every ad's landing page is fetched once a day; a page that does not answer 200 is listed with yesterday's spend.", option: "url_checker", page: "options/url-checker" },
  { title: "Conversion tags not running", description: "Each conversion tag's status is read once a day; a tag that stopped recording shows in error.", option: "conversion_tag", page: "options/conversion-tag" },
] as const;

/**
 * Adds the starter templates to a company once (companies.starter_templates_at, claimed in the same
 * transaction, so two concurrent first visits add them once). Answers whether they were added.
 */
export async function addStarterTemplates(db: DB, companyId: number, createdById: number | null = null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable("companies").set({ starterTemplatesAt: sql`now()` }).where("id", "=", companyId).where("starterTemplatesAt", "is", null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    for (const t of STARTER_TEMPLATES) {
      await createSentry(trx, companyId, { title: t.title, description: t.description, type: t.type, platform: ANY_ADS_PLATFORM, definition: t.definition, useAsTemplate: true, createdById });
    }
    return true;
  });
}
