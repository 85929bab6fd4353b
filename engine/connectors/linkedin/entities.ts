// Ad accounts and campaigns through the versioned search finders, paged with pageSize and
// pageToken (metadata.nextPageToken)
// (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-accounts#search-for-accounts,
// .../create-and-manage-campaigns#search-for-campaigns).
import { z } from "zod";
import { collectItems, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext } from "../../core/types.js";
import { encodeValue, restliQuery } from "./restli.js";

const PLATFORM = "linkedin";
export const PAGE_SIZE = 100;

const page = <T extends z.ZodTypeAny>(element: T) =>
  z.object({ elements: z.array(element).default([]), metadata: z.object({ nextPageToken: z.string().nullish() }).nullish() });

const adAccountSchema = page(z.object({ id: z.union([z.number(), z.string()]), name: z.string().nullish(), currency: z.string().nullish(), status: z.string().nullish(), type: z.string().nullish(), test: z.boolean().nullish() }));
const campaignSchema = page(z.object({ id: z.union([z.number(), z.string()]), name: z.string().nullish(), status: z.string().nullish(), type: z.string().nullish() }));

export interface Campaign {
  id: string;
  name: string;
  status?: string;
  type?: string;
}

const STATUS: Record<string, string> = { ACTIVE: "active", DRAFT: "disabled", CANCELED: "closed", PENDING_DELETION: "closed", REMOVED: "closed" };

export async function searchAdAccounts(ctx: ConnectorContext): Promise<Account[]> {
  const pages = paginate<Account, string>(async (pageToken) => {
    const query = restliQuery({ q: "search", search: "(status:(values:List(ACTIVE,DRAFT,CANCELED)))", pageSize: PAGE_SIZE, pageToken: pageToken && encodeValue(pageToken) });
    const data = await ctx.http.json({ url: `/adAccounts?${query}` }, adAccountSchema);
    return {
      items: data.elements.map((a) => ({
        id: String(a.id),
        name: a.name ?? String(a.id),
        // adAnalytics reports every account's days in UTC, so UTC is the account's clock here.
        timezone: "UTC",
        currency: a.currency ?? "USD",
        status: STATUS[a.status ?? ""] ?? a.status?.toLowerCase(),
      })),
      next: data.metadata?.nextPageToken,
    };
  }, { platform: PLATFORM });
  return collectItems(pages);
}

export async function searchCampaigns(ctx: ConnectorContext, accountId: string): Promise<Campaign[]> {
  const pages = paginate<Campaign, string>(async (pageToken) => {
    const query = restliQuery({ q: "search", pageSize: PAGE_SIZE, pageToken: pageToken && encodeValue(pageToken) });
    const data = await ctx.http.json({ url: `/adAccounts/${accountId}/adCampaigns?${query}`, account: accountId }, campaignSchema);
    return {
      items: data.elements.map((c) => ({ id: String(c.id), name: c.name ?? String(c.id), status: c.status ?? undefined, type: c.type ?? undefined })),
      next: data.metadata?.nextPageToken,
    };
  }, { platform: PLATFORM });
  return collectItems(pages);
}
