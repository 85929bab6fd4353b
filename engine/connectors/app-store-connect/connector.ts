// App Store Connect API v1 (https://developer.apple.com/documentation/appstoreconnectapi) with a
// team API key: every request carries a fresh ES256 JWT (kid = key id, iss = issuer id,
// aud appstoreconnect-v1, 20 minutes at most;
// https://developer.apple.com/documentation/appstoreconnectapi/generating-tokens-for-api-requests).
// Apps (GET /v1/apps) are the accounts; customer reviews come from
// GET /v1/apps/{id}/customerReviews newest first, paged by links.next; sales from
// GET /v1/salesReports (one gzipped TSV per vendor and day, Sales Summary 1_1,
// https://developer.apple.com/documentation/appstoreconnectapi/get-v1-salesreports), split by app.
import { gunzipSync } from "node:zlib";
import { DateTime } from "luxon";
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import { credentialOption } from "../../core/credentials.js";
import { eachDay } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import { collectItems, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, Credential, DateRange, Row } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { es256Jwt } from "../shared/es256-jwt.js";
import { num, platformErrors, recordsConnector, unexpectedPayload } from "../shared/records.js";
import { REPORTS, REVIEW_FIELDS, SALES_FIELDS, salesRecord, type SalesLine } from "./fields.js";

const PLATFORM = "app-store-connect";
/** Sales and Trends days are Pacific Time days. */
const ZONE = "America/Los_Angeles";
const TOKEN_TTL_S = 15 * 60;

/** A JSON:API resource; what it says sits in attributes. */
const resource = <A>(attributes: z.ZodType<A>) => z.object({ id: z.string(), attributes: attributes.nullish() });
type Resource<A> = z.infer<ReturnType<typeof resource<A>>>;
const appAttributes = z.object({ name: z.string().nullish(), bundleId: z.string().nullish(), sku: z.string().nullish() });
const reviewAttributes = z.object({
  rating: numberOrString.nullish(),
  title: z.string().nullish(),
  body: z.string().nullish(),
  reviewerNickname: z.string().nullish(),
  createdDate: z.string().nullish(),
  territory: z.string().nullish(),
});
export type ReviewAttributes = z.infer<typeof reviewAttributes>;

function keyParts(credential: Credential) {
  if (credential.type !== "api-key") return undefined;
  return { keyId: credential.key, issuerId: credentialOption(credential, "issuerId"), privateKey: credential.secret, vendorId: credentialOption(credential, "vendorId") };
}

export function appStoreToken(credential: Credential, now = new Date()): string {
  const parts = keyParts(credential);
  if (!parts?.issuerId || !parts.privateKey || !parts.keyId) {
    throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "App Store Connect needs the issuer ID, the key ID and the private key (.p8 content) of a team API key. Reconnect the source." });
  }
  const iat = Math.floor(now.getTime() / 1000);
  try {
    return es256Jwt({ kid: parts.keyId, typ: "JWT" }, { iss: parts.issuerId, iat, exp: iat + TOKEN_TTL_S, aud: "appstoreconnect-v1" }, parts.privateKey);
  } catch {
    throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The App Store Connect private key is not a valid .p8 key: paste the whole file, BEGIN and END lines included, and reconnect the source." });
  }
}

/** Items of a JSON:API listing, following links.next (an absolute URL carrying the cursor). */
function documents<A>(ctx: ConnectorContext, first: string, query: Record<string, string | number>, attributes: z.ZodType<A>, account?: string) {
  const document = z.object({ data: z.array(resource(attributes)), links: z.object({ next: z.string().nullish() }).nullish() });
  return paginate<Resource<A>, string>(
    async (next) => {
      const body = await ctx.http.json(next ? { url: next, account } : { url: first, query, account }, document);
      return { items: body.data, next: body.links?.next ?? undefined };
    },
    { platform: PLATFORM },
  );
}

const appResources = (ctx: ConnectorContext) => memoForContext(ctx, "asc-apps", () => collectItems(documents(ctx, "/v1/apps", { limit: 200, "fields[apps]": "name,bundleId,sku" }, appAttributes)));

async function listApps(ctx: ConnectorContext): Promise<Account[]> {
  const apps = await appResources(ctx);
  // Proceeds come in several currencies (one column per line); the app itself has none.
  return apps.map((a) => ({ id: a.id, name: a.attributes?.name ?? a.attributes?.bundleId ?? a.id, timezone: ZONE, currency: "USD", status: "active" }));
}

/** One day's Sales Summary of the vendor, parsed; memoised per read since every app shares it. */
function salesOfDay(ctx: ConnectorContext, day: string): Promise<SalesLine[]> {
  return memoForContext(ctx, `asc-sales:${day}`, async () => {
    const vendor = keyParts(ctx.http.credential)?.vendorId;
    if (!vendor) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Sales reports need the vendor ID (Payments and Financial Reports, top left). Reconnect the source with it." });
    const response = await ctx.http.stream({
      url: "/v1/salesReports",
      query: { "filter[frequency]": "DAILY", "filter[reportDate]": day, "filter[reportSubType]": "SUMMARY", "filter[reportType]": "SALES", "filter[vendorNumber]": vendor, "filter[version]": "1_1" },
      headers: { accept: "application/a-gzip" },
      // 404 NOT_FOUND: "There were no sales for the date specified" (or the day is not out yet).
      expect: [404],
    });
    if (response.status === 404) {
      await response.arrayBuffer();
      return [];
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString("utf8");
    const [head, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== "");
    const columns = (head ?? "").split("\t");
    if (!columns.includes("Apple Identifier") || !columns.includes("Units")) throw unexpectedPayload(ctx, PLATFORM, "salesReports", text.slice(0, 200));
    return lines.map((line) => {
      const cells = line.split("\t");
      return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""])) as SalesLine;
    });
  });
}

async function* sales(ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<SalesLine[]> {
  // In-app purchase lines name their app by its SKU in Parent Identifier.
  const sku = (await appResources(ctx)).find((a) => a.id === account.id)?.attributes?.sku ?? undefined;
  for (const day of eachDay(range)) {
    const lines = (await salesOfDay(ctx, day)).filter((l) => l["Apple Identifier"] === account.id || (sku !== undefined && l["Parent Identifier"] === sku));
    if (lines.length > 0) yield lines;
  }
}

async function* reviews(ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<Resource<ReviewAttributes>[]> {
  const start = DateTime.fromISO(range.start, { zone: ZONE }).startOf("day");
  const pages = documents(ctx, `/v1/apps/${account.id}/customerReviews`, { limit: 200, sort: "-createdDate" }, reviewAttributes, account.id);
  for await (const page of pages) {
    yield page;
    const last = page[page.length - 1]?.attributes?.createdDate;
    // Newest first: once a page ends before the range, the rest is older still.
    if (last && DateTime.fromISO(last) < start) return;
  }
}

const reviewDay = (at: string | null | undefined) => (at ? DateTime.fromISO(at, { setZone: true }).setZone(ZONE).toISODate() : null);

export const appStoreConnectConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  authorize(request, credential) {
    request.headers.authorization = `Bearer ${appStoreToken(credential)}`;
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "App Store Connect",
    // {"errors": [{"status", "code", "title", "detail"}]}
    message: (b: { errors?: { code?: string; title?: string; detail?: string }[] }) => {
      const e = b?.errors?.[0];
      return e ? [e.code, e.detail ?? e.title].filter(Boolean).join(": ") : undefined;
    },
    reconnect: "Check the issuer ID, key ID and private key of the API key (Users and Access > Integrations) and reconnect the source.",
  }),
  timezone: { fixed: ZONE },
  currency: "none",
  // Daily sales reports appear the next morning (Pacific) and late transactions can land in the
  // following day's file (https://developer.apple.com/help/app-store-connect/reference/reporting/sales-and-trends-reports-availability):
  // re-read two days.
  restatementDays: 2,
  allowedHosts: ["api.appstoreconnect.apple.com"],
  defaultBaseUrl: "https://api.appstoreconnect.apple.com",
  // The API allows about 3,600 requests an hour per key (X-Rate-Limit header).
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 1, intervalMs: 1000 } },
  async check(ctx) {
    const apps = await listApps(ctx);
    return { ok: true, identity: `${apps.length} app${apps.length === 1 ? "" : "s"}` };
  },
  listAccounts: listApps,
  reportHelp: "Daily sales units and proceeds, or customer reviews.",
  reports: [
    { ...REPORTS[0], fields: SALES_FIELDS, fetch: sales, record: salesRecord },
    {
      ...REPORTS[1],
      fields: REVIEW_FIELDS,
      fetch: reviews,
      record: (r: Resource<ReviewAttributes>, account: Account): Row => ({
        date: reviewDay(r.attributes?.createdDate),
        app_id: account.id,
        app_name: account.name,
        review_id: r.id,
        territory: r.attributes?.territory ?? null,
        reviewer: r.attributes?.reviewerNickname ?? null,
        title: r.attributes?.title ?? null,
        body: r.attributes?.body ?? null,
        reviews: 1,
        rating: r.attributes?.rating == null ? null : num(r.attributes.rating),
      }),
    },
  ],
});
