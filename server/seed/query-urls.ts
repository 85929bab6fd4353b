import { listDataSources } from "../../db/repositories/data-sources.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import { createSavedQuery, listSavedQueries } from "../../db/repositories/saved-queries.js";
import type { SeedStep } from "./context.js";

export const DEMO_SAVED_QUERY_NAME = "Demo: clicks and cost by campaign";

/** A saved query on the demo source, so the builder's Saved tab and the Power BI list show one. */
export const demoSavedQueryStep: SeedStep = {
  name: "query-urls",
  async run({ db, company, user, log }) {
    const existing = await listSavedQueries(db, company.id);
    if (existing.some((q) => q.name === DEMO_SAVED_QUERY_NAME)) return;
    const source = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    if (!source) return;
    const accounts = (await listDataSources(db, company.id, { networkAuthorizationId: source.id })).filter((d) => !d.blockedAt);
    if (accounts.length === 0) return;
    await createSavedQuery(db, company.id, {
      name: DEMO_SAVED_QUERY_NAME,
      createdById: user.id,
      json: {
        format: "json",
        source: "demo",
        source_id: source.id,
        accounts: accounts.map((a) => ({ id: a.accountId, authorization_id: source.id })),
        metrics: ["clicks", "cost"],
        dimensions: ["date", "campaign_name"],
        date: "LAST_7_DAYS",
        since: null,
        custom_date: null,
        filters: [],
        options: { report: "campaigns" },
      },
    });
    log("seeded a demo saved query");
  },
};
