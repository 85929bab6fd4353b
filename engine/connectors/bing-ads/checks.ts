// The automatic checks of Microsoft Advertising (issue 7), on the Campaign Management service's
// REST interface (https://learn.microsoft.com/en-us/advertising/campaign-management-service/campaign-management-service-reference?view=bingads-13):
// - ad final URLs: Campaigns/QueryByAccountId (Search, Audience) -> AdGroups/QueryByCampaignId ->
//   Ads/QueryByAdGroupId (FinalUrls) for active campaigns, ad groups and ads, with each ad's
//   Spend of yesterday from an AdPerformanceReport (Reporting service, Summary over one day);
// - conversion tags: the customer's UET tags (UetTags/QueryByIds with TagIds null = all), their
//   TrackingStatus Active shown as ENABLED (Running); Unverified, Inactive and TagInactive are not.
// Microsoft Advertising has no domain verification, so the connector offers no security check.
import { DateTime } from "luxon";
import { z } from "zod";
import type { Account, AdUrl, ConnectorContext, ConversionTag } from "../../core/types.js";
import { runReport, type PollTiming } from "./reports.js";
import { serviceUrl } from "./urls.js";

/** Ad types that carry FinalUrls (AdTypes is required by Ads/QueryByAdGroupId). */
export const AD_TYPES = ["AppInstall", "DynamicSearch", "ExpandedText", "Hotel", "Image", "Product", "ResponsiveAd", "ResponsiveSearch", "Text"];

export const CAMPAIGN_TYPES = ["Search", "Audience"] as const;

const AD_REPORT = { id: "ad", requestType: "AdPerformanceReportRequest" };

const id = z.union([z.number(), z.string()]).transform(String);
const campaigns = z.object({ Campaigns: z.array(z.object({ Id: id, Status: z.string().nullish() })).nullish() });
const adGroups = z.object({ AdGroups: z.array(z.object({ Id: id, Status: z.string().nullish() })).nullish() });
const ads = z.object({ Ads: z.array(z.object({ Id: id, Status: z.string().nullish(), FinalUrls: z.array(z.string()).nullish() }).passthrough()).nullish() });
const uetTags = z.object({ UetTags: z.array(z.object({ Id: id, Name: z.string().nullish(), TrackingStatus: z.string().nullish() }).passthrough().nullable()).nullish() });

type Who = { accountId: string; customerId?: string };

function call<T extends z.ZodTypeAny>(ctx: ConnectorContext, who: Who, path: string, body: unknown, schema: T): Promise<z.infer<T>> {
  return ctx.http.json(
    { method: "POST", url: serviceUrl(ctx, "campaign", path), headers: { CustomerAccountId: who.accountId, ...(who.customerId ? { CustomerId: who.customerId } : {}) }, json: body, account: who.accountId },
    schema,
  );
}

export async function listBingAdUrls(ctx: ConnectorContext, account: Account, customerId: string | undefined, poll: PollTiming | undefined, now = new Date()): Promise<AdUrl[]> {
  const who = { accountId: account.id, customerId };
  const yesterday = DateTime.fromJSDate(now, { zone: account.timezone || "UTC" }).minus({ days: 1 }).toFormat("yyyy-MM-dd");
  const spendRows = runReport(ctx, { report: AD_REPORT, accountId: account.id, customerId, columns: ["AdId", "Spend"], aggregation: "Summary", range: { start: yesterday, end: yesterday } }, poll);
  const out: { url: string; campaignId: string; adId: string }[] = [];
  // Search and Audience campaigns carry ads with FinalUrls (Shopping ads land on the product's
  // own link, dynamic search ads on pages the platform picks); one call per type keeps each
  // CampaignType a single enum value.
  const found = [];
  for (const type of CAMPAIGN_TYPES) found.push(...((await call(ctx, who, "/Campaigns/QueryByAccountId", { AccountId: account.id, CampaignType: type }, campaigns)).Campaigns ?? []));
  for (const campaign of found.filter((c) => c.Status === "Active")) {
    const groups = await call(ctx, who, "/AdGroups/QueryByCampaignId", { CampaignId: campaign.Id }, adGroups);
    for (const group of (groups.AdGroups ?? []).filter((g) => g.Status === "Active")) {
      const list = await call(ctx, who, "/Ads/QueryByAdGroupId", { AdGroupId: group.Id, AdTypes: AD_TYPES }, ads);
      for (const ad of (list.Ads ?? []).filter((a) => a.Status === "Active")) {
        const url = ad.FinalUrls?.find(Boolean);
        if (url) out.push({ url, campaignId: campaign.Id, adId: ad.Id });
      }
    }
  }
  const spend = new Map((await spendRows).map((r) => [r.AdId, Number(r.Spend) || 0]));
  return out.map(({ url, campaignId, adId }) => ({ url, campaignId, costYesterday: spend.get(adId) ?? 0 }));
}

export async function listBingConversionTags(ctx: ConnectorContext, account: Account, customerId: string | undefined): Promise<ConversionTag[]> {
  const answer = await call(ctx, { accountId: account.id, customerId }, "/UetTags/QueryByIds", { TagIds: null }, uetTags);
  return (answer.UetTags ?? []).flatMap((t) =>
    t ? [{ tagId: t.Id, name: t.Name ?? `UET tag ${t.Id}`, type: "UET", status: t.TrackingStatus === "Active" ? "ENABLED" : (t.TrackingStatus ?? "UNKNOWN").toUpperCase(), lastView: null }] : [],
  );
}
