// The API's own compatibility rules, from GoogleAdsFieldService (googleAdsFields:search with a
// GAQL query over google_ads_field). The google-ads-api package carries the field lists but not
// selectable_with, so the rules are read from the endpoint, once per process and base URL: they
// change only with the API version, and every login sees the same answer.
// https://developers.google.com/google-ads/api/rest/reference/rest/latest/googleAdsFields/search
// https://developers.google.com/google-ads/api/docs/reporting/segmentation (what segments what)
import { z } from "zod";
import type { ConnectorContext, FieldIncompatibility } from "../../core/types.js";
import type { GaqlCategory, GeneratedGaqlField } from "./gaql-field.js";

export const METADATA_QUERY =
  "SELECT name, category, selectable, selectable_with, attribute_resources, metrics, segments WHERE category IN ('RESOURCE', 'SEGMENT', 'METRIC')";

const page = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        category: z.string(),
        selectable: z.boolean().optional(),
        selectableWith: z.array(z.string()).optional(),
        attributeResources: z.array(z.string()).optional(),
        metrics: z.array(z.string()).optional(),
        segments: z.array(z.string()).optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

export interface FieldMeta {
  category: GaqlCategory;
  selectableWith: ReadonlySet<string>;
  attributeResources: ReadonlySet<string>;
  metrics: ReadonlySet<string>;
  segments: ReadonlySet<string>;
}

export type AdsMetadata = ReadonlyMap<string, FieldMeta>;

/** Six hours: a deploy of a new API version is picked up the same day without a restart. */
const TTL_MS = 6 * 3_600_000;
const cache = new Map<string, { at: number; value: Promise<AdsMetadata> }>();

async function fetchMetadata(ctx: ConnectorContext): Promise<AdsMetadata> {
  const out = new Map<string, FieldMeta>();
  let pageToken: string | undefined;
  do {
    const answer = await ctx.http.json({ method: "POST", url: "/googleAdsFields:search", json: { query: METADATA_QUERY, pageSize: 10_000, ...(pageToken ? { pageToken } : {}) } }, page);
    for (const r of answer.results) {
      out.set(r.name, {
        category: r.category as GaqlCategory,
        selectableWith: new Set(r.selectableWith ?? []),
        attributeResources: new Set(r.attributeResources ?? []),
        metrics: new Set(r.metrics ?? []),
        segments: new Set(r.segments ?? []),
      });
    }
    pageToken = answer.nextPageToken || undefined;
  } while (pageToken);
  return out;
}

/** The metadata for the context's API (its base URL), fetched at most once per TTL per process. */
export function googleAdsMetadata(ctx: ConnectorContext, now = Date.now()): Promise<AdsMetadata> {
  const key = ctx.http.baseUrl;
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = fetchMetadata(ctx);
  cache.set(key, { at: now, value });
  // A failed fetch is not remembered: the next caller tries again.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

/** Forgets the cached metadata (tests that change the fake's rules). */
export function clearGoogleAdsMetadata(): void {
  cache.clear();
}

const resourceOf = (gaql: string) => gaql.split(".")[0];
const segmentsOrMetrics = (f: GeneratedGaqlField) => f.gaqlCategory === "SEGMENT" || f.gaqlCategory === "METRIC";

/** Why `field` cannot be in a query FROM `resource`, or undefined when it can. */
function resourceConflict(meta: AdsMetadata, resource: string, field: GeneratedGaqlField): string | undefined {
  const from = meta.get(resource);
  if (!from) return `Google Ads does not know the resource ${resource}`;
  if (field.gaqlCategory === "METRIC") return from.metrics.has(field.gaql) ? undefined : `Google Ads does not report ${field.gaql} FROM ${resource}`;
  if (field.gaqlCategory === "SEGMENT") return from.segments.has(field.gaql) ? undefined : `Google Ads cannot segment ${resource} by ${field.gaql}`;
  const owner = resourceOf(field.gaql);
  if (owner === resource || from.attributeResources.has(owner) || from.segments.has(owner)) return undefined;
  return `attributes of ${owner} cannot be selected FROM ${resource}`;
}

/** Whether two segments/metrics may share a query: each must list the other in selectable_with. */
function pairConflict(meta: AdsMetadata, a: GeneratedGaqlField, b: GeneratedGaqlField): boolean {
  if (!segmentsOrMetrics(a) || !segmentsOrMetrics(b)) return false;
  if (a.gaqlCategory === "METRIC" && b.gaqlCategory === "METRIC") return false;
  const ma = meta.get(a.gaql);
  const mb = meta.get(b.gaql);
  if (!ma || !mb) return false;
  return !ma.selectableWith.has(b.gaql) || !mb.selectableWith.has(a.gaql);
}

/**
 * The fields of a report that conflict with the selection: not selectable FROM its resource, or
 * not selectable with one of the selected segments and metrics. Selected fields in conflict with
 * each other are listed too, so a query with them is refused before it is sent.
 */
export function incompatibilities(meta: AdsMetadata, resource: string, candidates: readonly GeneratedGaqlField[], selected: readonly GeneratedGaqlField[]): FieldIncompatibility[] {
  const out: FieldIncompatibility[] = [];
  for (const field of candidates) {
    const reason = meta.has(field.gaql) || field.gaqlCategory === "ATTRIBUTE" ? resourceConflict(meta, resource, field) : `Google Ads no longer lists ${field.gaql}`;
    if (reason) {
      out.push({ fieldId: field.id, reason });
      continue;
    }
    const other = selected.find((s) => s.gaql !== field.gaql && pairConflict(meta, field, s));
    if (other) out.push({ fieldId: field.id, reason: `cannot be selected with ${other.name} (${other.gaql})` });
  }
  return out;
}
