// Amazon Ads profiles (one per advertiser and marketplace) live on three regional hosts; a
// login sees the profiles of each region on that region's host
// (https://advertising.amazon.com/API/docs/en-us/info/api-overview#api-endpoints,
// https://advertising.amazon.com/API/docs/en-us/reference/2/profiles).
import { z } from "zod";
import { ConnectorError, isConnectorError } from "../../core/errors.js";
import { memoForContext } from "../../core/context-cache.js";
import type { Account, ConnectorContext } from "../../core/types.js";

const PLATFORM = "amazon-ads";

export const REGION_HOSTS = {
  NA: "https://advertising-api.amazon.com",
  EU: "https://advertising-api-eu.amazon.com",
  FE: "https://advertising-api-fe.amazon.com",
} as const;
export type Region = keyof typeof REGION_HOSTS;

export interface Profile extends Account {
  /** The host serving this profile's marketplace. */
  host: string;
  region: Region;
  type?: string;
}

const profilesSchema = z.array(
  z.object({
    profileId: z.union([z.number(), z.string()]),
    countryCode: z.string().optional(),
    currencyCode: z.string(),
    timezone: z.string(),
    accountInfo: z.object({ id: z.string().optional(), type: z.string().optional(), name: z.string().optional(), marketplaceStringId: z.string().optional(), validPaymentMethod: z.boolean().optional() }).optional(),
  }),
);

/** The hosts to ask: each region, or only the fake when a test overrides the base URL. */
export function hostsOf(ctx: ConnectorContext): { region: Region; host: string }[] {
  if (ctx.baseUrl) return [{ region: "NA", host: ctx.baseUrl.replace(/\/$/, "") }];
  return (Object.keys(REGION_HOSTS) as Region[]).map((region) => ({ region, host: REGION_HOSTS[region] }));
}

export async function listProfiles(ctx: ConnectorContext): Promise<Profile[]> {
  const out: Profile[] = [];
  for (const { region, host } of hostsOf(ctx)) {
    let profiles: z.infer<typeof profilesSchema>;
    try {
      profiles = await ctx.http.json({ url: `${host}/v2/profiles`, query: { profileTypeFilter: "seller,vendor,agency" } }, profilesSchema);
    } catch (error) {
      // A login registered in one region only is refused by the others' hosts; the rest still count.
      if (isConnectorError(error) && error.kind === "config" && region !== "NA" && out.length > 0) continue;
      throw error;
    }
    for (const p of profiles) {
      const name = p.accountInfo?.name ?? String(p.profileId);
      out.push({
        id: String(p.profileId),
        name: p.countryCode ? `${name} (${p.countryCode})` : name,
        timezone: p.timezone,
        currency: p.currencyCode,
        status: p.accountInfo?.validPaymentMethod === false ? "disabled" : "active",
        host,
        region,
        type: p.accountInfo?.type,
      });
    }
  }
  return out;
}

export async function profileOf(ctx: ConnectorContext, profileId: string): Promise<Profile> {
  const profiles = await memoForContext(ctx, "amazon-ads:profiles", async () => new Map((await listProfiles(ctx)).map((p) => [p.id, p])));
  const profile = profiles.get(profileId);
  if (!profile) {
    throw new ConnectorError({
      kind: "config",
      platform: PLATFORM,
      message: `Missing permission: Amazon Ads profile ${profileId} is not visible to the connected login. Reconnect with a login that manages it.`,
    });
  }
  return profile;
}
