// Which Google Ads accounts a login sees, and through which manager each must be read.
// customers:listAccessibleCustomers gives the directly accessible customers; for each, the
// customer_client resource lists its whole hierarchy (level 0 is the customer itself), and a
// client reached through a manager must be queried with login-customer-id set to that manager:
// https://developers.google.com/google-ads/api/docs/account-management/get-account-hierarchy
// https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid
import { z } from "zod";
import { ConnectorError, isConnectorError } from "../../core/errors.js";
import { memoForContext } from "../../core/context-cache.js";
import type { Account, ConnectorContext } from "../../core/types.js";

const PLATFORM = "google-ads";

export interface HierarchyAccount extends Account {
  /** The accessible customer to send as login-customer-id. */
  loginCustomerId: string;
  manager: boolean;
}

const accessibleSchema = z.object({ resourceNames: z.array(z.string()).default([]) });

const clientSchema = z.object({
  results: z
    .array(
      z.object({
        customerClient: z.object({
          id: z.string(),
          descriptiveName: z.string().optional(),
          currencyCode: z.string().optional(),
          timeZone: z.string().optional(),
          manager: z.boolean().optional(),
          status: z.string().optional(),
          level: z.string().optional(),
        }),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

const HIERARCHY_QUERY =
  "SELECT customer_client.id, customer_client.descriptive_name, customer_client.currency_code, customer_client.time_zone, " +
  "customer_client.manager, customer_client.status, customer_client.level FROM customer_client";

const STATUS: Record<string, string> = { ENABLED: "active", CANCELED: "closed", CLOSED: "closed", SUSPENDED: "disabled" };

export async function listAccessibleCustomerIds(ctx: ConnectorContext): Promise<string[]> {
  const data = await ctx.http.json({ url: "/customers:listAccessibleCustomers" }, accessibleSchema);
  return data.resourceNames.map((name) => name.replace(/^customers\//, ""));
}

/** Every account of one accessible customer's tree, following search's nextPageToken. */
async function treeOf(ctx: ConnectorContext, root: string): Promise<HierarchyAccount[]> {
  const out: HierarchyAccount[] = [];
  let pageToken: string | undefined;
  do {
    const page = await ctx.http.json(
      {
        method: "POST",
        url: `/customers/${root}/googleAds:search`,
        headers: { "login-customer-id": root },
        json: pageToken ? { query: HIERARCHY_QUERY, pageToken } : { query: HIERARCHY_QUERY },
        account: root,
      },
      clientSchema,
    );
    for (const { customerClient: c } of page.results) {
      out.push({
        id: c.id,
        name: c.descriptiveName || c.id,
        timezone: c.timeZone || "UTC",
        currency: c.currencyCode || "USD",
        status: STATUS[c.status ?? ""] ?? c.status?.toLowerCase(),
        loginCustomerId: root,
        manager: c.manager ?? false,
      });
    }
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
  return out;
}

/** Non-manager accounts reachable by the login, each once, with the manager to log in through. */
export async function listHierarchy(ctx: ConnectorContext): Promise<HierarchyAccount[]> {
  const fixedLogin = ctx.app?.extra?.loginCustomerId?.replace(/-/g, "");
  const roots = fixedLogin ? [fixedLogin] : await listAccessibleCustomerIds(ctx);
  const found = new Map<string, HierarchyAccount>();
  for (const root of roots) {
    // Already seen below a manager: its tree is a subtree we have read.
    if (found.has(root)) continue;
    let tree: HierarchyAccount[];
    try {
      tree = await treeOf(ctx, root);
    } catch (error) {
      // A cancelled or unreachable customer among the accessible ones must not hide the others.
      if (isConnectorError(error) && error.kind === "config" && error.status !== 401) {
        ctx.log?.warn("google-ads: skipped an accessible customer", { customer: root, error: error.message });
        continue;
      }
      throw error;
    }
    for (const account of tree) if (!found.has(account.id) || account.id === root) found.set(account.id, account);
  }
  return [...found.values()].filter((a) => !a.manager);
}

/** The login-customer-id to read `customerId` with (itself when directly accessible). */
export async function loginCustomerIdFor(ctx: ConnectorContext, customerId: string): Promise<string> {
  const logins = await memoForContext(ctx, "google-ads:logins", async () => new Map((await listHierarchy(ctx)).map((a) => [a.id, a.loginCustomerId])));
  const login = logins.get(customerId);
  if (!login) {
    throw new ConnectorError({
      kind: "config",
      platform: PLATFORM,
      message: `Missing permission: Google Ads account ${customerId} is not accessible to the connected login (directly or through a manager account). Reconnect with a login that has access.`,
    });
  }
  return login;
}
