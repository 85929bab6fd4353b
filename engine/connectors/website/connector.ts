// Website (catalogue: "Availability and response time of a website"): there is no third-party
// API here. Each read requests the page at the form's URL once, as an uptime monitor does, and
// records whether it answered (2xx/3xx after redirects), its status, how long the answer took and
// its size. A read is a snapshot of now: the row is dated by the check's UTC day and hour, and a
// range that does not contain now reads nothing. The monitor identifies itself (User-Agent) and
// checks each host one request at a time.
import { ConnectorError } from "../../core/errors.js";
import { dimension, metric } from "../../core/field-defs.js";
import { ratio } from "../../core/aggregate.js";
import { credentialOptionList } from "../../core/credentials.js";
import type { Account, ConnectorContext, Credential, DateRange, Row } from "../../core/types.js";
import { customerBaseUrl, recordsConnector } from "../shared/records.js";

const PLATFORM = "website";
export const MONITOR_USER_AGENT = "SignalpostMonitor/1.0 (+https://signalpost.io/bot; website availability check)";
/** A down answer is tried again this many times before it counts (a single blip is not an outage). */
const ATTEMPTS = 3;
const TIMEOUT_MS = 30_000;

interface Check {
  at: Date;
  url: string;
  status: number | null;
  up: boolean;
  ms: number;
  bytes: number | null;
  error: string | null;
}

/** The form's URL; several comma-separated URLs are each an account. */
function urlsOf(credential: Credential): string[] {
  return credentialOptionList(credential, "url");
}

function baseUrlOf(credential: Credential): string | undefined {
  const first = customerBaseUrl(urlsOf(credential)[0]);
  return first ? new URL(first).origin : undefined;
}

/** Where a check goes: the page itself, or the same path on the test override. */
function target(ctx: ConnectorContext, url: string): string {
  if (!ctx.baseUrl) return url;
  const u = new URL(url);
  return `${ctx.baseUrl.replace(/\/$/, "")}${u.pathname}${u.search}`;
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const t = setTimeout(resolve, ms);
  signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
});

/** Client errors other than 401/403/429: the site answered, the page is broken. */
const PAGE_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i).filter((s) => ![401, 403, 429].includes(s));

async function checkOnce(ctx: ConnectorContext, url: string): Promise<Check & { retryAfterMs?: number }> {
  const at = new Date();
  const started = performance.now();
  try {
    const res = await ctx.http.request({ url: target(ctx, url), auth: false, retries: 0, timeoutMs: TIMEOUT_MS, account: new URL(url).host, headers: { "user-agent": MONITOR_USER_AGENT, accept: "text/html,*/*" }, expect: PAGE_ERRORS });
    const ms = Math.round(performance.now() - started);
    return { at, url, status: res.status, up: res.status < 400, ms, bytes: Buffer.byteLength(res.text), error: null };
  } catch (error) {
    if (!(error instanceof ConnectorError) || error.kind !== "transient") throw error;
    // 5xx, 408, 429, timeouts and refused connections: down for now.
    return { at, url, status: error.status ?? null, up: false, ms: Math.round(performance.now() - started), bytes: null, error: error.message, retryAfterMs: error.retryAfterMs };
  }
}

/** No answer, a server error or a throttle: worth a second look before it counts as down. */
const retryable = (c: Check) => !c.up && (c.status === null || c.status >= 500 || c.status === 408 || c.status === 429);

async function* checks(ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<Check[]> {
  const today = new Date().toISOString().slice(0, 10);
  if (today < range.start || today > range.end) return;
  const site = baseUrlOf(ctx.credential);
  if (!site || new URL(account.id).host !== new URL(site).host) {
    // The http client allows the source's own host only (the first URL's): one site per source.
    throw new ConnectorError({ kind: "config", platform: PLATFORM, message: `${account.id} is not on ${site ? new URL(site).host : "a valid https site"}: a Website source checks pages of one site. Add another source for it.` });
  }
  let check = await checkOnce(ctx, account.id);
  for (let attempt = 1; attempt < ATTEMPTS && retryable(check); attempt++) {
    await sleep(Math.min(check.retryAfterMs ?? 1000 * attempt, 10_000), ctx.signal);
    check = await checkOnce(ctx, account.id);
  }
  yield [check];
}

export const websiteConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  // The form stores the fixed key "void": a public page needs no credential.
  authorize() {},
  baseUrlFor: baseUrlOf,
  classifyError(response) {
    if (response.status === 401 || response.status === 403) {
      return new ConnectorError({ kind: "config", platform: PLATFORM, status: response.status, message: `The website answered HTTP ${response.status}: the page asks for a login or refuses Signalpost's monitor. Check a public page (or allow the SignalpostMonitor user agent), then reconnect the source.` });
    }
    return undefined;
  },
  timezone: { fixed: "UTC" },
  currency: "none",
  // A check measures the site as it is now; past checks cannot change.
  restatementDays: 0,
  supportsHourly: true,
  // The form's own host is allowed through baseUrlFor; nothing else is ever called.
  allowedHosts: ["website.invalid"],
  defaultBaseUrl: "https://website.invalid",
  rateLimit: { maxConcurrent: 1 },
  async check(ctx) {
    const urls = await this.listAccounts(ctx);
    if (urls.length === 0) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Enter the website URL to monitor (https://...)." });
    return { ok: true, identity: urls.map((u) => u.id).join(", ") };
  },
  async listAccounts(ctx) {
    return urlsOf(ctx.credential).map((u) => {
      const url = customerBaseUrl(u) ? new URL(/^https?:\/\//i.test(u) ? u : `https://${u}`).toString() : u;
      return { id: url, name: url, timezone: "UTC", currency: "USD", status: customerBaseUrl(u) ? "active" : "invalid" };
    });
  },
  reports: [
    {
      id: "availability",
      name: "Availability",
      description: "One availability check of each URL per extraction: up or down, status, response time, size.",
      fields: [
        dimension("date", "Date", "YEAR_MONTH_DAY", "Day of the check (UTC)."),
        dimension("hour", "Hour", "HOUR", "Hour of the check (UTC, 0-23)."),
        dimension("url", "URL", "URL", "The checked page."),
        dimension("status_code", "Status code", "NUMBER", "HTTP status of the answer; empty when there was none (timeout, refused connection)."),
        dimension("error", "Error", "TEXT", "Why the check failed, when it did."),
        metric("checks", "Checks", "NUMBER", "SUM", "Number of checks."),
        metric("up_checks", "Successful checks", "NUMBER", "SUM", "Checks answered with a 2xx or 3xx status."),
        metric("down_checks", "Failed checks", "NUMBER", "SUM", "Checks answered with an error status or not at all."),
        metric("availability", "Availability", "PERCENT", "AVG", "Successful checks divided by checks."),
        metric("response_time_ms", "Response time", "DURATION", "AVG", "Milliseconds from the request to the full answer."),
        metric("page_size_bytes", "Page size", "NUMBER", "AVG", "Size of the answer's body in bytes."),
      ],
      derived: { availability: (g: Row) => ratio(g.up_checks, g.checks, 4) },
      fetch: checks,
      record: (c: Check): Row => ({
        date: c.at.toISOString().slice(0, 10),
        hour: c.at.getUTCHours(),
        url: c.url,
        status_code: c.status,
        error: c.error,
        checks: 1,
        up_checks: c.up ? 1 : 0,
        down_checks: c.up ? 0 : 1,
        response_time_ms: c.ms,
        page_size_bytes: c.bytes,
      }),
    },
  ],
});
