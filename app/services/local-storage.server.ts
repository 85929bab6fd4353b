// Local-storage pipeline builder (spec 2 §2 "/local-storage", §3, §5): a pipeline keeps sources
// (platform, account id, authorization id, at least one field) and previews up to 100 rows
// combined from them, read through the query URL's service (same engine path as /api/request).
import type { z } from "zod";
import type { PipelineSourceSchema } from "~/utils/local-storage";
import type { DB } from "../../db/connection.js";
import type { Company } from "../../db/schema.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { listLocalStorageSources } from "../../db/repositories/local-storages.js";
import { findPlatform, hasConnector } from "../../engine/index.js";
import { answerQueryUrl } from "./query-url.server.js";
import { engineFields } from "./gds.server.js";
import { listCompanyAccounts } from "./addons.server.js";

export { PREVIEW_ROWS } from "~/utils/local-storage";
import { PREVIEW_ROWS } from "~/utils/local-storage";
export const PREVIEW_DATE = "LAST_7_DAYS";

/** What the builder offers: the company's platforms, and for the chosen one its accounts and fields. */
export async function builderChoices(db: DB, companyId: number, platform: string | null) {
  const sources = await listCompanyAccounts(db, companyId);
  const platforms = [...new Map(sources.map((s) => [s.platform, s.platformName])).entries()].map(([id, name]) => ({ id, name }));
  if (!platform || !platforms.some((p) => p.id === platform)) return { platforms, platform: null, accounts: [], authorizations: [], fields: [] };
  const mine = sources.filter((s) => s.platform === platform);
  const fields = (await engineFields(platform)).map((f) => ({ id: f.id, name: f.name, type: f.type }));
  return {
    platforms,
    platform,
    accounts: mine.flatMap((s) => s.accounts.map((a) => ({ id: a.id, name: a.name, source: s.name }))),
    authorizations: mine.map((s) => ({ id: s.authorizationId, name: s.name })),
    fields,
  };
}

/** Server checks beyond the form: the account must be an activated account of this company's source on that platform, and the fields must exist. */
export async function checkPipelineSource(db: DB, companyId: number, input: z.infer<typeof PipelineSourceSchema>): Promise<Record<string, string[]> | null> {
  if (!findPlatform(input.platform) || !hasConnector(input.platform)) return { platform: ["You need to set a platform."] };
  const sources = await listCompanyAccounts(db, companyId, input.platform);
  const source = sources.find((s) => s.authorizationId === input.authorizationId);
  if (!source) return { authorizationId: [`Authorization ${input.authorizationId} is not one of your ${findPlatform(input.platform)!.displayName} sources.`] };
  if (!source.accounts.some((a) => a.id === input.accountId)) return { accountId: [`Account ${input.accountId} is not an activated account of ${source.name}.`] };
  const known = new Set((await engineFields(input.platform)).map((f) => f.id));
  const unknown = input.fields.filter((f) => !known.has(f));
  if (unknown.length) return { fields: [`Unknown field: ${unknown.join(", ")}.`] };
  return null;
}

export type PreviewResult = { columns: string[]; rows: Array<Record<string, unknown>>; errors: string[] };

/**
 * Up to 100 rows combined from the pipeline's sources (one query per source, in order, each read
 * stopping as soon as the preview is full), each row tagged with its source.
 */
export async function previewPipeline(db: DB, company: Company, localStorageId: number, origin: string): Promise<PreviewResult> {
  const sources = await listLocalStorageSources(db, company.id, localStorageId);
  const columns = new Set<string>(["source"]);
  const rows: Array<Record<string, unknown>> = [];
  const errors: string[] = [];
  for (const s of sources) {
    if (rows.length >= PREVIEW_ROWS) break;
    const kinds = new Map((await engineFields(s.platform)).map((f) => [f.id, f.type]));
    const params = new URLSearchParams({
      platform: s.platform,
      metrics: s.fields.filter((f) => kinds.get(f) === "metric").join(","),
      dimensions: s.fields.filter((f) => kinds.get(f) !== "metric").join(","),
      date: PREVIEW_DATE,
      accounts: JSON.stringify([{ id: s.accountId, authorization_id: s.authorizationId }]),
      format: "json",
      apikey: revealApiKey(company),
    });
    const res = await answerQueryUrl(new Request(`${origin}/api/request?${params}`), { db, maxRows: PREVIEW_ROWS - rows.length });
    const body = (await res.json().catch(() => ({}))) as { data?: Array<Record<string, unknown>>; error?: { message?: string } };
    if (res.status !== 200 || !body.data) {
      errors.push(`${findPlatform(s.platform)?.displayName ?? s.platform} ${s.accountId}: ${body.error?.message ?? `error ${res.status}`}`);
      continue;
    }
    for (const row of body.data) {
      if (rows.length >= PREVIEW_ROWS) break;
      const tagged = { source: `${findPlatform(s.platform)?.displayName ?? s.platform} · ${s.accountId}`, ...row };
      for (const k of Object.keys(tagged)) columns.add(k);
      rows.push(tagged);
    }
  }
  return { columns: [...columns], rows, errors };
}

export { listLocalStorages, createLocalStorage, getLocalStorage, listLocalStorageSources, addLocalStorageSource, deleteLocalStorageSource } from "../../db/repositories/local-storages.js";

