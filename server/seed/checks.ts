import { activateProductCheck } from "../../db/repositories/checks.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import type { SeedStep } from "./context.js";

/**
 * product_available (decision 0515) activated on the demo company's first activated demo account,
 * as if from /ads: the daily checks:products schedule (or "Check now") fills it. Idempotent.
 */
export const demoProductCheckStep: SeedStep = {
  name: "demo-product-check",
  async run({ db, company, user, log }) {
    const demo = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    if (!demo) return;
    const account = (await listDataSources(db, company.id, { networkAuthorizationId: demo.id })).find((a) => a.activateAlert);
    if (!account) return;
    if (await activateProductCheck(db, company.id, account.id, user.id)) log(`product availability check activated on ${account.name}`);
  },
};
