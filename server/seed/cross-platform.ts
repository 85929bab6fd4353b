// Issue 22's demo objects: the demo company reports in euros, has a saved cross-platform ads query
// over its ads accounts, and an example client connect link waiting for a client (its URL was
// never shown: a new user sees how links are listed, and creates their own to send one).
import { createClientLink, listClientLinks } from "../../db/repositories/client-connect-links.js";
import { setReportingCurrency } from "../../db/repositories/exchange-rates.js";
import { createSavedQuery, listSavedQueries } from "../../db/repositories/saved-queries.js";
import { listActiveAccountsOnPlatforms } from "../../db/repositories/data-sources.js";
import { blendablePlatforms, BLENDED_PLATFORM } from "../../engine/index.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";
import type { SeedStep } from "./context.js";
import { createDatastream, listDatastreams } from "../../db/repositories/data-streams.js";
import { listDestinations } from "../../db/repositories/destinations.js";
import { createDailyDemoJob, DEMO_DESTINATION } from "./data-streams.js";

export const DEMO_BLENDED_QUERY_NAME = "Demo: spend across ads platforms";
export const DEMO_LINK_CLIENT = "Example client (Maison Lumière)";
export const DEMO_REPORTING_CURRENCY = "EUR";
export const DEMO_BLENDED_STREAM_NAME = "All ads → warehouse";

export const demoCrossPlatformStep: SeedStep = {
  name: "cross-platform",
  async run({ db, company, user, log }) {
    if (!company.reportingCurrency) {
      await setReportingCurrency(db, company.id, DEMO_REPORTING_CURRENCY);
      log(`set the demo reporting currency to ${DEMO_REPORTING_CURRENCY}`);
    }
    if (!(await listSavedQueries(db, company.id)).some((q) => q.name === DEMO_BLENDED_QUERY_NAME)) {
      const accounts = await listActiveAccountsOnPlatforms(db, company.id, blendablePlatforms());
      if (accounts.length > 0) {
        await createSavedQuery(db, company.id, {
          name: DEMO_BLENDED_QUERY_NAME,
          createdById: user.id,
          json: {
            format: "json",
            source: BLENDED_PLATFORM,
            accounts: accounts.map((a) => ({ id: a.accountId, authorization_id: a.authorizationId })),
            metrics: ["spend", "impressions", "clicks", "conversions", "conversion_value"],
            dimensions: ["date", "platform", "account_name", "account_currency", "account_timezone"],
            date: "LAST_7_DAYS",
            since: null,
            custom_date: null,
            filters: [],
            options: {},
          },
        });
        log("seeded a cross-platform saved query");
      }
    }
    // A data stream over cross-platform ads into the demo warehouse (decision 0933): its job loads
    // the normalized rows of the demo accounts with the converted spend, daily.
    const warehouse = (await listDestinations(db, company.id)).find((d) => d.name === DEMO_DESTINATION);
    const accounts = await listActiveAccountsOnPlatforms(db, company.id, blendablePlatforms());
    if (warehouse && accounts.length > 0 && !(await listDatastreams(db, company.id)).some((s) => s.platform === BLENDED_PLATFORM)) {
      const stream = await createDatastream(db, company.id, { name: DEMO_BLENDED_STREAM_NAME, platform: BLENDED_PLATFORM, destinationId: warehouse.id });
      const fields = ["date", "platform", "account_id", "account_name", "account_currency", "account_timezone", "campaign_name", "reporting_currency", "exchange_rate", "rate_date", "conversion_note", "spend", "spend_converted", "impressions", "clicks", "conversions", "conversion_value", "conversion_value_converted"];
      await createDailyDemoJob(db, company.id, {
        datastreamId: stream.id,
        name: "Daily spend across platforms",
        recurrency: "30 0 * * *",
        networkAuthorizationId: null,
        fields: Object.fromEntries(fields.map((f) => [f, f])),
        options: {},
        tableName: "cross_platform_ads",
        accountPlatforms: blendablePlatforms(),
        dataSourceIds: accounts.map((a) => a.dataSourceId),
      });
      log("seeded a cross-platform ads data stream and job");
    }
    if (!(await listClientLinks(db, company.id)).some((l) => l.clientName === DEMO_LINK_CLIENT)) {
      await createClientLink(db, company.id, {
        createdById: user.id,
        platform: "google-ads",
        clientName: DEMO_LINK_CLIENT,
        message: "So we can add your Google Ads spend to the monthly report.",
        tokenDigest: tokenDigest(randomToken(32)),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      });
      log("seeded an example client connect link");
    }
  },
};
