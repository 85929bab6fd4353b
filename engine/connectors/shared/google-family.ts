// The Google marketing platforms besides Google Ads (Display & Video 360, Campaign Manager 360,
// Search Ads 360, Ad Manager) share Google's OAuth 2.0 (shared/google-api.ts googleOAuth2), the
// canonical JSON error envelope (parseGoogleError) and, for the report-file APIs, one job shape:
// create a report definition, run it, poll until a file is ready, download the CSV, delete the
// definition. This module maps the envelope to ConnectorError kinds and owns that job loop.
import { parseCsv } from "../../core/csv-parse.js";
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { pollUntilDone, type JobState } from "../../core/poll.js";
import { redact } from "../../core/redact.js";
import type { Account, ConnectorContext, Row } from "../../core/types.js";
import { adsConnector, type AdsConnectorSpec } from "./ads-family.js";
import { googleOAuth2, parseGoogleError, safeMessage } from "./google-api.js";
import { num } from "./records.js";

/** Google's canonical statuses (https://cloud.google.com/apis/design/errors) as ConnectorErrors. */
export function googleErrors(platform: string, displayName: string) {
  return (response: HttpResponse, request: PreparedRequest): ConnectorError | undefined => {
    const parsed = parseGoogleError(response.text);
    if (!parsed) return undefined;
    const detail = safeMessage(parsed.message);
    const base = { platform, status: response.status, request: { method: request.method, url: redact(request.url.toString()) }, bodyExcerpt: redact(response.text.slice(0, 500)) };
    if (response.status === 401 || parsed.status === "UNAUTHENTICATED") {
      return new ConnectorError({ ...base, kind: "config", message: `${displayName} no longer accepts this Google login (${detail}). Reconnect the source.` });
    }
    if (response.status === 403 || parsed.status === "PERMISSION_DENIED") {
      return new ConnectorError({ ...base, kind: "config", message: `Missing permission on ${displayName}: ${detail}. Ask an administrator to grant the connected Google login access, then refresh the connection.` });
    }
    if (response.status === 429 || parsed.status === "RESOURCE_EXHAUSTED") {
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      const at = retryAfterMs !== undefined ? new Date(Date.now() + retryAfterMs).toISOString() : "a later attempt";
      return new ConnectorError({ ...base, kind: "transient", retryAfterMs, message: `${displayName} quota reached (${detail}), retrying at ${at}.` });
    }
    if (response.status >= 500) return undefined;
    return new ConnectorError({ ...base, kind: "system", message: `${displayName} rejected the request (${parsed.status ?? response.status}): ${detail}` });
  };
}

export type GoogleAdsSpec = Omit<AdsConnectorSpec, "oauth2" | "errorMessage" | "classifyError"> & { scopes: string[] };

/** An ads connector on Google's OAuth 2.0 and error envelope. */
export function googleAdsFamilyConnector(spec: GoogleAdsSpec) {
  const { scopes, ...rest } = spec;
  return adsConnector({
    ...rest,
    oauth2: googleOAuth2(scopes),
    classifyError: googleErrors(spec.id, spec.displayName),
    errorMessage: (body: { error?: { message?: string } }) => body?.error?.message,
  });
}

/** A second Google host, moved under the fake's base URL in tests (docs/adding-a-connector.md). */
export function googleHost(ctx: ConnectorContext, real: string, prefix: string): string {
  return ctx.baseUrl ? `${ctx.baseUrl}${prefix}` : real;
}

export interface ReportFileJob<Run> {
  platform: string;
  what: string;
  /** Creates the report definition; returns its id. */
  create(): Promise<string>;
  run(id: string): Promise<Run>;
  poll(id: string, run: Run): Promise<Run>;
  state(run: Run): JobState;
  /** Where the finished file is, and whether the request carries our Bearer token. */
  file(run: Run): { url: string; auth: boolean };
  remove(id: string): Promise<void>;
  /** Google report CSVs open with a preamble and close with totals: the header row starts the data. */
  isHeader(cells: string[]): boolean;
  /** The first row after the data (a blank line, "Grand Total:"). */
  isEnd(cells: string[]): boolean;
}

/** Runs one report file job and returns its data rows keyed by the CSV header. */
export async function runReportFile<Run>(ctx: ConnectorContext, account: string, job: ReportFileJob<Run>): Promise<Record<string, string>[]> {
  const id = await job.create();
  try {
    const started = await job.run(id);
    const done = await pollUntilDone({ platform: job.platform, what: job.what, signal: ctx.signal, check: () => job.poll(id, started), state: job.state });
    const { url, auth } = job.file(done);
    const response = await ctx.http.request({ url, auth, account });
    const records = parseCsv(response.text);
    const start = records.findIndex((r) => job.isHeader(r));
    if (start < 0) throw new ConnectorError({ kind: "system", platform: job.platform, bodyExcerpt: ctx.http.redact(response.text.slice(0, 300)), message: `${job.platform} answered ${job.what} with a file without the expected header.` });
    const header = records[start];
    const rows: Record<string, string>[] = [];
    for (const cells of records.slice(start + 1)) {
      if (job.isEnd(cells)) break;
      rows.push(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
    }
    return rows;
  } finally {
    // Definitions would pile up in the user's report list; a failed delete must not hide the result.
    await job.remove(id).catch((error: unknown) => ctx.log?.warn?.(`${job.platform}: could not delete report ${id}: ${String(error)}`));
  }
}

/** The CSV headers of a report file's shared ads columns. */
export interface ReportFileColumns {
  date: string;
  campaignId: string;
  campaign: string;
  impressions: string;
  clicks: string;
  cost: string;
  conversions: string;
}

/** The shared ads fields of one report-file row (dates as YYYY-MM-DD even when written YYYY/MM/DD). */
export function reportFileRecord(r: Record<string, string>, columns: ReportFileColumns, account: Account): Row {
  return {
    date: (r[columns.date] ?? "").replace(/\//g, "-") || null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: r[columns.campaignId] ?? null,
    campaign_name: r[columns.campaign] ?? null,
    campaign_status: null,
    impressions: num(r[columns.impressions]),
    clicks: num(r[columns.clicks]),
    cost: num(r[columns.cost]),
    conversions: num(r[columns.conversions]),
  };
}
