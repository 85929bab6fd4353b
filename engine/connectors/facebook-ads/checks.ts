// The automatic checks and the kpi configuration values of Facebook Ads (issue 7), all on the
// Graph API:
// - ad final URLs: the account's active ads with their creative's link
//   (https://developers.facebook.com/docs/marketing-api/reference/adgroup/, creative link_url or
//   object_story_spec.link_data.link / video_data.call_to_action.value.link), with yesterday's
//   spend per ad from insights level=ad;
// - conversion tags: the account's pixels (adspixels: last_fired_time, is_unavailable) and custom
//   conversions (customconversions: last_fired_time, is_archived); Running (ENABLED) when the tag
//   fired in the last 7 days, as Events Manager calls a tag active;
// - domain verification: the Business Manager that owns the account (act_{id}?fields=business)
//   and its owned_domains (domain_name, status);
// - configuration values: campaign and ad set status and budgets from the campaigns / adsets edges,
//   merged into insights rows by id (budgets come in the currency's minor unit).
import { z } from "zod";
import { DateTime } from "luxon";
import { collectItems, paginate } from "../../core/paginate.js";
import type { Account, AdUrl, ConnectorContext, ConversionTag, DomainVerification, Row } from "../../core/types.js";
import { ensureLongLivedToken } from "./auth.js";
import { PLATFORM } from "./errors.js";

const page = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), paging: z.object({ next: z.string().optional() }).passthrough().optional() });

/** Every item of a Graph edge, following paging.next. */
async function edge<T extends z.ZodTypeAny>(ctx: ConnectorContext, url: string, query: Record<string, string | number>, item: T): Promise<z.infer<T>[]> {
  const pages = paginate(
    async (next: string | undefined) => {
      const data = await ctx.http.json(next ? { url: next } : { url, query: { limit: 200, ...query } }, page(item));
      return { items: data.data as z.infer<T>[], next: data.paging?.next };
    },
    { platform: PLATFORM },
  );
  return collectItems(pages);
}

const link = z.object({ link: z.string().optional() }).passthrough();
const adSchema = z.object({
  id: z.string(),
  campaign_id: z.string().optional(),
  creative: z
    .object({
      link_url: z.string().optional(),
      object_story_spec: z
        .object({
          link_data: link.optional(),
          template_data: link.optional(),
          video_data: z.object({ call_to_action: z.object({ value: link.optional() }).passthrough().optional() }).passthrough().optional(),
        })
        .passthrough()
        .optional(),
    })
    .passthrough()
    .optional(),
});

/** The URL an ad sends people to, from whichever creative shape it uses. */
export function creativeUrl(ad: z.infer<typeof adSchema>): string | undefined {
  const spec = ad.creative?.object_story_spec;
  return ad.creative?.link_url ?? spec?.link_data?.link ?? spec?.video_data?.call_to_action?.value?.link ?? spec?.template_data?.link;
}

const yesterdayOf = (account: Account, now: Date) => DateTime.fromJSDate(now, { zone: account.timezone || "UTC" }).minus({ days: 1 }).toFormat("yyyy-MM-dd");

export async function listFacebookAdUrls(ctx: ConnectorContext, account: Account, now = new Date()): Promise<AdUrl[]> {
  await ensureLongLivedToken(ctx);
  const act = `/act_${account.id}`;
  const yesterday = yesterdayOf(account, now);
  const [ads, spend] = await Promise.all([
    edge(ctx, `${act}/ads`, { fields: "id,campaign_id,creative{link_url,object_story_spec}", effective_status: JSON.stringify(["ACTIVE"]) }, adSchema),
    edge(ctx, `${act}/insights`, { level: "ad", fields: "ad_id,spend", time_range: JSON.stringify({ since: yesterday, until: yesterday }) }, z.object({ ad_id: z.string(), spend: z.union([z.string(), z.number()]).optional() })),
  ]);
  const costs = new Map(spend.map((s) => [s.ad_id, Number(s.spend ?? 0)]));
  return ads.flatMap((ad) => {
    const url = creativeUrl(ad);
    return url ? [{ url, campaignId: ad.campaign_id, costYesterday: costs.get(ad.id) ?? 0 }] : [];
  });
}

const ACTIVE_DAYS = 7;

/** ENABLED when the tag fired within the last 7 days; else why not. */
export function tagStatus(t: { lastFired?: string | null; unavailable?: boolean; archived?: boolean }, now: Date): string {
  if (t.archived) return "ARCHIVED";
  if (t.unavailable) return "UNAVAILABLE";
  if (!t.lastFired) return "NEVER_FIRED";
  const age = now.getTime() - new Date(t.lastFired).getTime();
  return age <= ACTIVE_DAYS * 86_400_000 ? "ENABLED" : "NO_RECENT_ACTIVITY";
}

export async function listFacebookConversionTags(ctx: ConnectorContext, account: Account, now = new Date()): Promise<ConversionTag[]> {
  await ensureLongLivedToken(ctx);
  const act = `/act_${account.id}`;
  const [pixels, conversions] = await Promise.all([
    edge(ctx, `${act}/adspixels`, { fields: "id,name,last_fired_time,is_unavailable" }, z.object({ id: z.string(), name: z.string().optional(), last_fired_time: z.string().nullish(), is_unavailable: z.boolean().optional() })),
    edge(ctx, `${act}/customconversions`, { fields: "id,name,last_fired_time,is_archived,custom_event_type" }, z.object({ id: z.string(), name: z.string().optional(), last_fired_time: z.string().nullish(), is_archived: z.boolean().optional(), custom_event_type: z.string().optional() })),
  ]);
  const day = (t: string | null | undefined) => (t ? DateTime.fromISO(t, { setZone: true }).toFormat("yyyy-MM-dd") : null);
  return [
    ...pixels.map((p) => ({ tagId: p.id, name: p.name ?? `Pixel ${p.id}`, type: "PIXEL", status: tagStatus({ lastFired: p.last_fired_time, unavailable: p.is_unavailable }, now), lastView: day(p.last_fired_time) })),
    ...conversions
      .filter((c) => !c.is_archived)
      .map((c) => ({ tagId: c.id, name: c.name ?? `Custom conversion ${c.id}`, type: `CUSTOM_CONVERSION${c.custom_event_type ? `:${c.custom_event_type}` : ""}`, status: tagStatus({ lastFired: c.last_fired_time }, now), lastView: day(c.last_fired_time) })),
  ];
}

export async function listFacebookDomainVerifications(ctx: ConnectorContext, account: Account, now = new Date()): Promise<DomainVerification[]> {
  await ensureLongLivedToken(ctx);
  const owner = await ctx.http.json({ url: `/act_${account.id}`, query: { fields: "business{id,name}" } }, z.object({ business: z.object({ id: z.string(), name: z.string().optional() }).nullish() }));
  // An ad account outside any Business Manager has no owned domains to verify.
  if (!owner.business) return [];
  const domains = await edge(ctx, `/${owner.business.id}/owned_domains`, { fields: "id,domain_name,status" }, z.object({ id: z.string(), domain_name: z.string(), status: z.string().optional() }));
  // Graph gives no verification date: a verified domain is dated by the check that saw it.
  const today = now.toISOString().slice(0, 10);
  const by = `Business Manager ${owner.business.name ?? owner.business.id}`;
  return domains.map((d) => {
    const verified = /^verified$/i.test(d.status ?? "");
    return { domain: d.domain_name, verifiedBy: verified ? by : null, verifiedAt: verified ? today : null };
  });
}

// ---- configuration values for kpi alerts ------------------------------------------------------

type EntityField = { edge: "campaigns" | "adsets"; key: "campaign_id" | "adset_id"; api: string; money?: boolean };

/** Configuration fields read from the campaign and ad set objects, not from insights. */
export const ENTITY_FIELDS: Record<string, EntityField> = {
  campaign_status: { edge: "campaigns", key: "campaign_id", api: "effective_status" },
  campaign_daily_budget: { edge: "campaigns", key: "campaign_id", api: "daily_budget", money: true },
  campaign_lifetime_budget: { edge: "campaigns", key: "campaign_id", api: "lifetime_budget", money: true },
  adset_status: { edge: "adsets", key: "adset_id", api: "effective_status" },
  adset_daily_budget: { edge: "adsets", key: "adset_id", api: "daily_budget", money: true },
};

/** The insights id fields the entity fields of a read need (to join on). */
export function entityKeys(fields: readonly string[]): string[] {
  return [...new Set(fields.filter((f) => ENTITY_FIELDS[f]).map((f) => ENTITY_FIELDS[f].key))];
}

const minorUnits = (currency: string) => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

export type EntityValues = Map<string, Map<string, Row[string]>>;

/** Fetches the campaign / ad set objects a read's entity fields need, keyed by field then id. */
export async function fetchEntityValues(ctx: ConnectorContext, account: Account, fields: readonly string[]): Promise<EntityValues> {
  const wanted = fields.filter((f) => ENTITY_FIELDS[f]);
  const out: EntityValues = new Map();
  if (wanted.length === 0) return out;
  const scale = 10 ** minorUnits(account.currency);
  for (const edgeName of ["campaigns", "adsets"] as const) {
    const mine = wanted.filter((f) => ENTITY_FIELDS[f].edge === edgeName);
    if (mine.length === 0) continue;
    const api = [...new Set(mine.map((f) => ENTITY_FIELDS[f].api))];
    const items = await edge(ctx, `/act_${account.id}/${edgeName}`, { fields: ["id", ...api].join(",") }, z.object({ id: z.string() }).passthrough());
    for (const f of mine) {
      const def = ENTITY_FIELDS[f];
      const values = new Map<string, Row[string]>();
      for (const item of items) {
        const raw = (item as Record<string, unknown>)[def.api];
        values.set(item.id, raw === undefined || raw === null || raw === "" ? null : def.money ? Math.round((Number(raw) / scale) * 100) / 100 : String(raw));
      }
      out.set(f, values);
    }
  }
  return out;
}

/** Puts the entity values on an insights row (null for an entity the edge did not list). */
export function mergeEntityValues(row: Row, raw: Record<string, unknown>, values: EntityValues): Row {
  for (const [field, byId] of values) {
    const id = raw[ENTITY_FIELDS[field].key];
    row[field] = typeof id === "string" ? (byId.get(id) ?? null) : null;
  }
  return row;
}
