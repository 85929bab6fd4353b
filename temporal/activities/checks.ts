// Automatic checks (issue 7 item 8): the security (domain verification), conversion-tag and
// product (product_available, only on the accounts it is activated on) checks. Each pass visits the monitored accounts whose platform offers the check (catalogue
// option and connector capability), asks the platform, and stores the answer per account; the
// client area reads what is stored. One account's failure is recorded on its run, the pass goes on.
import { heartbeat } from "@temporalio/activity";
import { listMonitoredAccounts, productCheckActivatedIds, recordCheckRun, type CheckOutcome } from "../../db/repositories/checks.js";
import { findPlatform, type Account, type Connector, type ConnectorContext } from "../../engine/index.js";
import { accountTimezone } from "../../server/alert-evaluation.js";
import { connectorContextForSource } from "../../server/source-context.js";
import type { AutomaticCheckInput, AutomaticCheckResult } from "../shared.js";
import type { ActivityDeps } from "./deps.js";

const CAPABILITY = { security: "listDomainVerifications", conversion_tag: "listConversionTags", product: "listProducts" } as const;
/** The catalogue alert option that offers each check. */
const CHECK_OPTION = { security: "security", conversion_tag: "conversion_tag", product: "product_available" } as const;

/** Whether a platform has the check: its catalogue option and its connector's capability. */
export function offersCheck(platform: string, connector: Connector | undefined, kind: keyof typeof CAPABILITY): boolean {
  return Boolean(findPlatform(platform)?.alertOptions[CHECK_OPTION[kind]] && connector?.[CAPABILITY[kind]]);
}

/** Asks the platform once; errors become the outcome's message. */
export async function askPlatform(connector: Connector, ctx: ConnectorContext, account: Account, kind: keyof typeof CAPABILITY): Promise<CheckOutcome> {
  try {
    if (kind === "security") {
      const items = await connector.listDomainVerifications!(ctx, account);
      return { kind, items: items.map((i) => ({ domain: i.domain, verifiedBy: i.verifiedBy ?? null, verifiedAt: i.verifiedAt ?? null })) };
    }
    if (kind === "product") {
      const products = await connector.listProducts!(ctx, account);
      return { kind, items: products.map((p) => ({ productId: p.productId, title: p.title, availability: p.availability, advertised: p.advertised, costYesterday: p.costYesterday ?? null })) };
    }
    const tags = await connector.listConversionTags!(ctx, account);
    return { kind, items: tags.map((t) => ({ tagId: t.tagId, name: t.name, status: t.status, type: t.type, lastView: t.lastView ?? null })) };
  } catch (error) {
    return { kind, error: error instanceof Error ? error.message : String(error) };
  }
}

export function createCheckActivities(deps: ActivityDeps) {
  const db = deps.db;
  const { getConnector, now } = deps;

  return {
    /** One pass of the security or conversion-tag check over the monitored accounts. */
    async runAutomaticCheck(input: AutomaticCheckInput): Promise<AutomaticCheckResult> {
      let accounts = await listMonitoredAccounts(db, input);
      if (input.kind === "product") {
        // product_available runs only where it was activated (on /ads).
        const activated = await productCheckActivatedIds(db, accounts.map((a) => a.id));
        accounts = accounts.filter((a) => activated.has(a.id));
      }
      const result: AutomaticCheckResult = { kind: input.kind, accounts: 0, items: 0, inError: 0, failed: 0 };
      for (const s of accounts) {
        let connector: Connector;
        try {
          connector = getConnector(s.platform);
        } catch {
          continue; // A platform without a connector has no automatic checks.
        }
        if (!offersCheck(s.platform, connector, input.kind)) continue;
        const ctx = connectorContextForSource(db, s.companyId, { id: s.naId, platform: s.platform, credentialEncrypted: s.credentialEncrypted }, connector);
        const account = { id: s.accountId, name: s.name, timezone: accountTimezone(connector, s), currency: s.currency ?? "USD" };
        const outcome = await askPlatform(connector, ctx, account, input.kind);
        const counts = await recordCheckRun(db, s.companyId, s.id, outcome, now());
        result.accounts++;
        if ("error" in outcome) {
          result.failed++;
          console.warn(`[checks] ${input.kind} of account ${s.id} failed: ${outcome.error}`);
        } else {
          result.items += counts.total;
          result.inError += counts.inError;
        }
        try {
          heartbeat(result.accounts);
        } catch {
          // Called outside an activity (tests): nothing to heartbeat to.
        }
      }
      return result;
    },
  };
}
