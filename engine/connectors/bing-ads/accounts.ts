// The accounts a Microsoft login can read: GetUser (UserId null = the signed-in user), then
// SearchAccounts by UserId, paged with PageInfo Index/Size
// (https://learn.microsoft.com/en-us/advertising/customer-management-service/searchaccounts?view=bingads-13).
import { z } from "zod";
import type { Account, ConnectorContext } from "../../core/types.js";
import { ianaZoneOf } from "./timezones.js";
import { serviceUrl } from "./urls.js";

/** SearchAccounts' largest page. */
export const ACCOUNTS_PAGE_SIZE = 1000;

const userSchema = z.object({
  User: z.object({ Id: z.union([z.number(), z.string()]), UserName: z.string().nullish(), ContactInfo: z.object({ Email: z.string().nullish() }).nullish() }),
});

const accountsSchema = z.object({
  Accounts: z
    .array(
      z.object({
        Id: z.union([z.number(), z.string()]),
        Name: z.string().nullish(),
        CurrencyCode: z.string().nullish(),
        TimeZone: z.string().nullish(),
        AccountLifeCycleStatus: z.string().nullish(),
        ParentCustomerId: z.union([z.number(), z.string()]).nullish(),
      }),
    )
    .nullish(),
});

export interface BingAccount extends Account {
  customerId?: string;
}

const STATUS: Record<string, string> = { Active: "active", Inactive: "disabled", Pause: "disabled", Pending: "disabled", Suspended: "disabled", Draft: "disabled" };

export async function getUser(ctx: ConnectorContext): Promise<z.infer<typeof userSchema>["User"]> {
  const data = await ctx.http.json({ method: "POST", url: serviceUrl(ctx, "customer", "/User/Query"), json: { UserId: null } }, userSchema);
  return data.User;
}

export async function searchAccounts(ctx: ConnectorContext): Promise<BingAccount[]> {
  const user = await getUser(ctx);
  const out: BingAccount[] = [];
  for (let index = 0; ; index++) {
    const page = await ctx.http.json(
      {
        method: "POST",
        url: serviceUrl(ctx, "customer", "/Accounts/Search"),
        json: {
          Predicates: [{ Field: "UserId", Operator: "Equals", Value: String(user.Id) }],
          Ordering: [{ Field: "Id", Order: "Ascending" }],
          PageInfo: { Index: index, Size: ACCOUNTS_PAGE_SIZE },
        },
      },
      accountsSchema,
    );
    const accounts = page.Accounts ?? [];
    for (const a of accounts) {
      const timezone = ianaZoneOf(a.TimeZone);
      if (!timezone) ctx.log?.warn("bing-ads: unknown account time zone, using UTC", { account: String(a.Id), timeZone: a.TimeZone });
      out.push({
        id: String(a.Id),
        name: a.Name ?? String(a.Id),
        timezone: timezone ?? "UTC",
        currency: a.CurrencyCode ?? "USD",
        status: STATUS[a.AccountLifeCycleStatus ?? ""] ?? a.AccountLifeCycleStatus?.toLowerCase() ?? undefined,
        customerId: a.ParentCustomerId === null || a.ParentCustomerId === undefined ? undefined : String(a.ParentCustomerId),
      });
    }
    if (accounts.length < ACCOUNTS_PAGE_SIZE) return out;
  }
}
