// Google Play Console: the form stores the account's reports bucket id (pubsite_prod_rev_..., Play
// Console > Download reports > Copy Cloud Storage URI), and the user invites Signalpost's service
// account to the Play Console. Reads go through Cloud Storage JSON API v1 as that service account
// (https://support.google.com/googleplay/android-developer/answer/6135870#export): apps are the
// package names of stats/installs/ objects (objects.list, pageToken), the installs report is one
// UTF-16 CSV per app and month (installs_{package}_{YYYYMM}_overview.csv, objects.get alt=media).
// Reviews come from the Play Developer API v3 reviews.list, which serves the last week only
// (https://developers.google.com/android-publisher/api-ref/rest/v3/reviews/list).
import { DateTime } from "luxon";
import { z } from "zod";
import { parseCsv } from "../../core/csv-parse.js";
import { ConnectorError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { googleErrors, googleHost } from "../shared/google-family.js";
import { serviceAccountSession } from "../shared/google-service-account.js";
import { recordsConnector, unexpectedPayload } from "../shared/records.js";
import { INSTALL_COLUMNS, INSTALL_FIELDS, REPORTS, REVIEW_FIELDS, playReview, reviewRecord, type PlayReview } from "./fields.js";

const PLATFORM = "google-play-store";
const SCOPES = ["https://www.googleapis.com/auth/devstorage.read_only", "https://www.googleapis.com/auth/androidpublisher"];
const session = serviceAccountSession(PLATFORM, SCOPES);
/** Play Console report days are Pacific Time days. */
const ZONE = "America/Los_Angeles";
/** Cloud Storage objects.list: https://cloud.google.com/storage/docs/json_api/v1/objects/list */
const objectList = z.object({ items: z.array(z.object({ name: z.string() })).nullish(), nextPageToken: z.string().nullish() });
const reviewList = z.object({ reviews: z.array(playReview).nullish(), tokenPagination: z.object({ nextPageToken: z.string().nullish() }).nullish() });
const INSTALLS = /^stats\/installs\/installs_(?<pkg>[A-Za-z0-9_.]+)_(?<month>\d{6})_overview\.csv$/;

function bucketOf(ctx: ConnectorContext): string {
  const credential = ctx.http.credential;
  const raw = credential.type === "api-key" ? credential.key.trim().replace(/^gs:\/\//, "").replace(/\/.*$/, "") : "";
  if (!/^pubsite_prod_[A-Za-z0-9_]+$/.test(raw)) {
    throw new ConnectorError({ kind: "config", platform: PLATFORM, message: 'Enter the Play Console reports bucket id (it starts with "pubsite_prod_"; Download reports > Copy Cloud Storage URI). Reconnect the source.' });
  }
  return raw;
}

const storage = (ctx: ConnectorContext) => `${googleHost(ctx, "https://storage.googleapis.com", "")}/storage/v1/b/${bucketOf(ctx)}/o`;

/** Decodes a report file: Play writes UTF-16LE with a BOM (older files UTF-8). */
export function decodeReport(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return bytes.toString("utf8").replace(/^\uFEFF/, "");
}

async function listPackages(ctx: ConnectorContext): Promise<Account[]> {
  const packages = new Set<string>();
  const pages = paginate<{ name: string }, string>(
    async (pageToken) => {
      const body = await session.json(ctx, { url: storage(ctx), query: { prefix: "stats/installs/", fields: "items(name),nextPageToken", pageToken } }, objectList);
      return { items: body.items ?? [], next: body.nextPageToken ?? undefined };
    },
    { platform: PLATFORM },
  );
  for await (const items of pages) for (const o of items) {
    const pkg = INSTALLS.exec(o.name)?.groups?.pkg;
    if (pkg) packages.add(pkg);
  }
  return [...packages].sort().map((pkg) => ({ id: pkg, name: pkg, timezone: ZONE, currency: "USD", status: "active" }));
}

/** objects.get alt=media as bytes; a 401 (token expired) mints a new token once, like session.json. */
async function download(ctx: ConnectorContext, url: string, account: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const token = attempt === 0 ? await session.token(ctx) : await session.renew(ctx);
    try {
      return await ctx.http.stream({ url, query: { alt: "media" }, auth: false, headers: { authorization: `Bearer ${token}`, accept: "*/*" }, account, expect: [404] });
    } catch (error) {
      if (attempt === 0 && error instanceof ConnectorError && error.status === 401) continue;
      throw error;
    }
  }
}

async function* installs(ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<Record<string, string>[]> {
  let month = DateTime.fromISO(range.start).startOf("month");
  const last = DateTime.fromISO(range.end).startOf("month");
  for (; month <= last; month = month.plus({ months: 1 })) {
    const name = `stats/installs/installs_${account.id}_${month.toFormat("yyyyMM")}_overview.csv`;
    const response = await download(ctx, `${storage(ctx)}/${encodeURIComponent(name)}`, account.id);
    const bytes = Buffer.from(await response.arrayBuffer());
    // No file for a month before the app existed (or not written yet).
    if (response.status === 404) continue;
    const [header, ...lines] = parseCsv(decodeReport(bytes)).filter((r) => r.some((c) => c !== ""));
    if (!header?.includes("Date") || !header.includes("Package Name")) throw unexpectedPayload(ctx, PLATFORM, name, decodeReport(bytes).slice(0, 200));
    const rows = lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""])));
    if (rows.length > 0) yield rows;
  }
}

function reviews(pageSize: number) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<PlayReview[]> {
    const host = googleHost(ctx, "https://androidpublisher.googleapis.com", "");
    const start = DateTime.fromISO(range.start, { zone: ZONE }).toSeconds();
    const pages = paginate<PlayReview, string>(
      async (token) => {
        const body = await session.json(ctx, { url: `${host}/androidpublisher/v3/applications/${account.id}/reviews`, query: { maxResults: pageSize, token }, account: account.id }, reviewList);
        return { items: body.reviews ?? [], next: body.tokenPagination?.nextPageToken ?? undefined };
      },
      { platform: PLATFORM },
    );
    for await (const page of pages) {
      yield page;
      // Newest first; the last review of a page older than the range ends the read.
      const lastSeen = Number(page[page.length - 1]?.comments?.[0]?.userComment?.lastModified?.seconds ?? Infinity);
      if (lastSeen < start) return;
    }
  };
}

export function createGooglePlayStoreConnector(opts: { reviewPageSize?: number } = {}) {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "api-key",
    // Calls carry the service account's token (session above), never the stored bucket id.
    authorize() {},
    classifyError: googleErrors(PLATFORM, "Google Play Console"),
    timezone: { fixed: ZONE },
    currency: "none",
    // Play rewrites the month's file daily and a day's figures settle over the following days
    // ("data may take a few days to be finalised", https://support.google.com/googleplay/android-developer/answer/6135870): re-read 4 days.
    restatementDays: 4,
    allowedHosts: ["storage.googleapis.com", "androidpublisher.googleapis.com", "oauth2.googleapis.com"],
    defaultBaseUrl: "https://storage.googleapis.com",
    rateLimit: { maxConcurrent: 2 },
    async check(ctx) {
      const apps = await listPackages(ctx);
      return { ok: true, identity: `${apps.length} app${apps.length === 1 ? "" : "s"} in ${bucketOf(ctx)}` };
    },
    listAccounts: listPackages,
    reportHelp: "Daily installs from the Play Console reports, or the last week's reviews.",
    reports: [
      {
        ...REPORTS[0],
        fields: INSTALL_FIELDS,
        fetch: installs,
        record: (r: Record<string, string>, account: Account): Row => {
          const row: Row = { date: r["Date"] || null, package_name: r["Package Name"] || account.id };
          for (const [id, column] of Object.entries(INSTALL_COLUMNS)) row[id] = r[column] === undefined || r[column] === "" ? 0 : Number(r[column]);
          return row;
        },
      },
      { ...REPORTS[1], fields: REVIEW_FIELDS, fetch: reviews(opts.reviewPageSize ?? 100), record: reviewRecord },
    ],
  });
}

export const googlePlayStoreConnector = createGooglePlayStoreConnector();
