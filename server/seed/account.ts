import { listDataSources } from "../../db/repositories/data-sources.js";
import { createGdsField, listGdsFields, upsertTranslation } from "../../db/repositories/gds-fields.js";
import { recordAccountUsage } from "../../db/repositories/usage.js";
import type { SeedStep } from "./context.js";

/** Looker Studio names for two demo fields, with French translations (admin area demo). */
const DEMO_GDS_FIELDS = [
  { fieldId: "clicks", defaultName: "Clicks", defaultDescription: "Number of clicks on the ads.", fr: { name: "Clics", description: "Nombre de clics sur les annonces." } },
  { fieldId: "cost", defaultName: "Cost", defaultDescription: "Amount spent, in the account's currency.", fr: { name: "Coût", description: "Montant dépensé, dans la devise du compte." } },
];

/**
 * Issue 8's demo objects: the admin's Looker Studio field overlay and today's usage of the demo
 * accounts (so the usage bar and /billing-space show real numbers on a fresh start). Idempotent.
 */
export const demoAccountStep: SeedStep = {
  name: "account-billing-admin",
  async run({ db, company, log }) {
    const existing = new Set((await listGdsFields(db, { platform: "demo" })).map((f) => f.fieldId));
    for (const f of DEMO_GDS_FIELDS) {
      if (existing.has(f.fieldId)) continue;
      const field = await createGdsField(db, {
        platform: "demo",
        fieldId: f.fieldId,
        defaultName: f.defaultName,
        defaultDescription: f.defaultDescription,
        name: null,
        description: null,
        formula: null,
        status: "active",
        type: "metric",
        fieldType: f.fieldId === "cost" ? "CURRENCY_ALL" : "NUMBER",
        aggregationType: "SUM",
      });
      await upsertTranslation(db, field.id, { languageCode: "fr", ...f.fr });
      log(`seeded Looker Studio field demo/${f.fieldId}`);
    }
    const accounts = await listDataSources(db, company.id);
    await recordAccountUsage(db, company.id, accounts.map((a) => a.id), "query-url");
  },
};
