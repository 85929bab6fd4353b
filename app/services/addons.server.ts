// What the Looker Studio community connector and the Google Sheets / Excel add-ons read, once
// they hold an access token of our OAuth provider: the user's sources and accounts, the
// connector's config and schema (the admin's Google Data Studio fields, translated), and rows.
// Rows go through the query URL's own service (answerQueryUrl): one query path for every client.
import type { DB } from "../../db/connection.js";
import type { Company } from "../../db/schema.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { blendablePlatforms, BLENDED_PLATFORM, BLENDED_PLATFORM_NAME, findPlatform, getConnector, hasConnector, NORMALIZED_ADS_FIELDS, type FieldDef } from "../../engine/index.js";
import { gdsTypeFromEngine, GDS_LANGUAGES } from "~/utils/gds";
import { answerQueryUrl, type QueryUrlDeps } from "./query-url.server.js";
import { engineFields } from "./gds.server.js";

export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
}

export function badRequest(parameter: string, message: string, status = 400): Response {
  return jsonAnswer({ error: { parameter, code: status === 404 ? "not_found" : "invalid_parameter", message } }, status);
}

/** The company's activated accounts, grouped by source, optionally for one platform. */
export async function listCompanyAccounts(db: DB, companyId: number, platform?: string) {
  let q = db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .where("dataSources.companyId", "=", companyId)
    .where("networkAuthorizations.companyId", "=", companyId)
    .select([
      "dataSources.id as dataSourceId",
      "dataSources.accountId",
      "dataSources.name as accountName",
      "dataSources.blockedAt",
      "networkAuthorizations.id as authorizationId",
      "networkAuthorizations.name as sourceName",
      "networkAuthorizations.platform",
    ]);
  if (platform) q = q.where("networkAuthorizations.platform", "=", platform);
  const rows = await q.orderBy("networkAuthorizations.name").orderBy("dataSources.name").execute();
  const sources = new Map<number, { authorizationId: number; name: string; platform: string; platformName: string; accounts: Array<{ id: string; name: string; authorization_id: number; blocked: boolean }> }>();
  for (const r of rows) {
    let s = sources.get(r.authorizationId);
    if (!s) sources.set(r.authorizationId, (s = { authorizationId: r.authorizationId, name: r.sourceName, platform: r.platform, platformName: findPlatform(r.platform)?.displayName ?? r.platform, accounts: [] }));
    s.accounts.push({ id: r.accountId, name: r.accountName, authorization_id: r.authorizationId, blocked: r.blockedAt !== null });
  }
  return [...sources.values()];
}

export async function connectorConfig(db: DB, company: Company, platform: string) {
  if (platform === BLENDED_PLATFORM) {
    // "Cross-platform ads" (decision 0931): the accounts of every ads source, each with its platform.
    const ads = new Set(blendablePlatforms());
    const sources = (await listCompanyAccounts(db, company.id)).filter((s) => ads.has(s.platform));
    return {
      platform: { id: BLENDED_PLATFORM, name: BLENDED_PLATFORM_NAME },
      accounts: sources.flatMap((s) => s.accounts.filter((a) => !a.blocked).map((a) => ({ ...a, source: `${s.platformName} · ${s.name}` }))),
      reports: [],
    };
  }
  if (!findPlatform(platform) || !hasConnector(platform)) return undefined;
  const connector = getConnector(platform);
  const reports = await connector.listReports().catch(() => []);
  const sources = await listCompanyAccounts(db, company.id, platform);
  return {
    platform: { id: platform, name: findPlatform(platform)!.displayName },
    accounts: sources.flatMap((s) => s.accounts.filter((a) => !a.blocked).map((a) => ({ ...a, source: s.name }))),
    reports: reports.map((r) => ({ id: r.id, name: r.name })),
  };
}

export type LookerLocale = (typeof GDS_LANGUAGES)[number];

export function lookerLocale(raw: string | null | undefined): LookerLocale {
  const lang = (raw ?? "").trim().toLowerCase().slice(0, 2);
  return (GDS_LANGUAGES as readonly string[]).includes(lang) ? (lang as LookerLocale) : "en";
}

/** Looker Studio's data type for a semantic type (getSchema's JSON format: NUMBER, STRING or BOOLEAN). */
export function lookerDataType(fieldType: string): "NUMBER" | "STRING" | "BOOLEAN" {
  if (fieldType === "BOOLEAN") return "BOOLEAN";
  if (["NUMBER", "PERCENT", "DURATION", "CURRENCY_ALL", "LATITUDE_LONGITUDE"].includes(fieldType) || fieldType.startsWith("CURRENCY_")) return "NUMBER";
  return "STRING";
}

export type LookerField = {
  name: string;
  label: string;
  description: string;
  dataType: "NUMBER" | "STRING" | "BOOLEAN";
  semantics: { conceptType: "DIMENSION" | "METRIC"; semanticType: string; isReaggregatable: boolean };
  defaultAggregationType?: string;
  formula?: string;
};

/**
 * The connector's schema: the engine says which fields exist (for the chosen report), the
 * admin's active Google Data Studio fields name, type and translate them. A field the admin has
 * not described keeps the engine's own name; an admin row whose field no longer exists is dropped;
 * an inactive one is hidden.
 */
export async function lookerSchema(db: DB, platform: string, locale: LookerLocale, report?: string): Promise<LookerField[] | undefined> {
  const blended = platform === BLENDED_PLATFORM;
  if (!blended && (!findPlatform(platform) || !hasConnector(platform))) return undefined;
  let fields: FieldDef[];
  if (blended) {
    fields = [...NORMALIZED_ADS_FIELDS];
  } else if (report) {
    fields = await getConnector(platform).listFields(undefined, { report }).catch(() => [] as FieldDef[]);
  } else {
    fields = await engineFields(platform);
  }
  const admin = await db.selectFrom("gdsFields").selectAll().where("companyId", "is", null).where("platform", "=", platform).execute();
  const translations = admin.length
    ? await db.selectFrom("gdsFieldTranslations").selectAll().where("fieldId", "in", admin.map((a) => a.id)).where("languageCode", "=", locale).execute()
    : [];
  const byField = new Map(admin.map((a) => [a.fieldId, a]));
  const out: LookerField[] = [];
  for (const f of fields) {
    const row = byField.get(f.id);
    if (row && row.status !== "active") continue;
    const tr = row ? translations.find((t) => t.fieldId === row.id) : undefined;
    const semanticType = row?.fieldType ?? gdsTypeFromEngine(f.fieldType);
    const kind = (row?.type ?? f.type) === "metric" ? "METRIC" : "DIMENSION";
    const field: LookerField = {
      name: f.id,
      label: tr?.name ?? row?.name ?? row?.defaultName ?? f.name,
      description: tr?.description ?? row?.description ?? row?.defaultDescription ?? f.description,
      dataType: lookerDataType(semanticType),
      semantics: { conceptType: kind, semanticType, isReaggregatable: kind === "METRIC" },
    };
    const aggregation = kind === "METRIC" ? (row ? row.aggregationType : f.aggregation) : null;
    if (aggregation && aggregation !== "NONE") field.defaultAggregationType = aggregation;
    if (row?.formula) field.formula = row.formula;
    out.push(field);
  }
  return out;
}

/**
 * Rows for a token holder: the add-ons and the connector send the query URL's own parameters
 * (platform, metrics, dimensions, date, accounts, ...) without an API key; we add the company's
 * key and hand the request to the query URL service, so validation, account resolution, billing
 * gates, connection logs and formats are exactly those of GET /api/request.
 */
export async function answerAddonQuery(request: Request, company: Company, deps: QueryUrlDeps): Promise<Response> {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.searchParams);
  params.delete("apikey");
  params.delete("access_token");
  params.set("apikey", revealApiKey(company));
  const internal = new Request(`${url.origin}/api/request?${params}`, { method: "GET", signal: request.signal });
  return answerQueryUrl(internal, deps);
}

// ---------- resource-route plumbing ----------
// CORS headers and OPTIONS preflights of these endpoints are the web server's (lib/browser-boundary.ts,
// decision 0860): one table for every path, and a preflight never reaches a loader.

/** The answer of a method the endpoint does not take (GET on a POST endpoint, POST on a GET one). */
export function methodNotAllowed(allowed: "GET" | "POST"): Response {
  const answer = jsonAnswer({ error: { code: "method_not_allowed", message: `Use ${allowed}.` } }, 405);
  answer.headers.set("Allow", allowed);
  return answer;
}

/** Runs an add-on handler: thrown Responses (401 from requireBearer) become answers. */
export async function addonAnswer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
