// Microsoft Advertising splits its REST API over one host per service
// (https://learn.microsoft.com/en-us/advertising/guides/web-service-addresses?view=bingads-13);
// a test's baseUrl override stands in for every one of them.
import type { ConnectorContext } from "../../core/types.js";

export const BING_HOSTS = {
  customer: "https://clientcenter.api.bingads.microsoft.com/CustomerManagement/v13",
  reporting: "https://reporting.api.bingads.microsoft.com/Reporting/v13",
  campaign: "https://campaign.api.bingads.microsoft.com/CampaignManagement/v13",
} as const;

const PATHS = { customer: "/CustomerManagement/v13", reporting: "/Reporting/v13", campaign: "/CampaignManagement/v13" } as const;

export function serviceUrl(ctx: ConnectorContext, service: keyof typeof BING_HOSTS, path: string): string {
  return ctx.baseUrl ? `${ctx.baseUrl.replace(/\/$/, "")}${PATHS[service]}${path}` : `${BING_HOSTS[service]}${path}`;
}
