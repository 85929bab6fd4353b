// GA4 splits configuration (Admin API) and reporting (Data API) over two hosts; a test's baseUrl
// override stands in for both.
import type { ConnectorContext } from "../../core/types.js";

export const GA4_HOSTS = {
  admin: "https://analyticsadmin.googleapis.com",
  data: "https://analyticsdata.googleapis.com",
} as const;

export function apiUrl(ctx: ConnectorContext, api: keyof typeof GA4_HOSTS, path: string): string {
  return `${(ctx.baseUrl ?? GA4_HOSTS[api]).replace(/\/$/, "")}/v1beta${path}`;
}
