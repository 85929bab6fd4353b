// A data-stream job over cross-platform ads (decision 0933): a stream whose platform is
// cross-platform-ads loads the normalized rows of ads accounts of any platform. Each account's
// slice is read by the cross-platform query runner of the query URLs (executeBlendedQuery), so a
// job's rows are the query URL's rows: platform, account, currency, time zone and, with a
// reporting currency, the converted money and the conversion columns. Shared by the worker (the
// run) and the job screens (fields, preview, preparing the table).
import type { DB } from "../db/connection.js";
import type { Company } from "../db/schema.js";
import { BLENDED_PLATFORM, executeBlendedQuery, normalizedMappings, NORMALIZED_ADS_OUTPUT_FIELDS, type DateRange, type FieldDef, type QueryRegistry, type Row } from "../engine/index.js";
import type { AdsAccount } from "./ads-accounts.js";
import { companyConversion } from "./currency-conversion.js";
import { connectorContextForSource, type SourceContextOptions } from "./source-context.js";

export const isBlendedStream = (platform: string) => platform === BLENDED_PLATFORM;

/** What a job over cross-platform ads may load: the normalized fields, the converted money and the conversion columns. */
export function blendedJobFields(): FieldDef[] {
  return [...NORMALIZED_ADS_OUTPUT_FIELDS];
}

/**
 * The account a slice replaces in the destination (its `_account_id`): platform and account,
 * since two platforms may use the same account id and one run must never replace the other's rows.
 */
export const blendedScopeAccount = (ads: Pick<AdsAccount, "account">) => `${ads.account.platform}:${ads.account.id}`;

const PAGE = 500;

/**
 * One account's rows over `range` (its own days), in pages like a connector's read, keyed by the
 * job's field ids. The
 * errors of the query (a field the platform refuses, an expired token) surface while reading, as
 * a connector's do.
 */
export async function* readBlendedSlice(
  deps: { db: DB; registry: QueryRegistry; now?: Date } & Pick<SourceContextOptions, "signal" | "env">,
  company: Pick<Company, "id" | "reportingCurrency">,
  ads: AdsAccount,
  input: { fields: readonly string[]; range: DateRange; limit?: number },
): AsyncGenerator<{ rows: Row[] }> {
  // The runner answers converted and conversion columns asked by name (engine/query/blended.ts blendedQueryFields).
  const kind = new Map(NORMALIZED_ADS_OUTPUT_FIELDS.map((f) => [f.id, f.type]));
  const dimensions = input.fields.filter((id) => kind.get(id) !== "metric");
  const metrics = input.fields.filter((id) => kind.get(id) === "metric");
  const result = await executeBlendedQuery(
    deps.registry,
    normalizedMappings,
    { platform: BLENDED_PLATFORM, accounts: [ads.account], dimensions, metrics, date: { start: input.range.start, end: input.range.end } },
    (connector) => connectorContextForSource(deps.db, company.id, ads.source, connector, { signal: deps.signal, env: deps.env }),
    { now: deps.now, conversion: companyConversion(deps.db, company) },
  );
  let page: Row[] = [];
  let count = 0;
  for await (const row of result.rows) {
    const out: Row = {};
    // Without a reporting currency the converted and conversion columns stay empty (null), not absent.
    for (const id of input.fields) out[id] = row[id] ?? null;
    page.push(out);
    count += 1;
    if (input.limit !== undefined && count >= input.limit) break;
    if (page.length >= PAGE) {
      yield { rows: page };
      page = [];
    }
  }
  if (page.length) yield { rows: page };
}
