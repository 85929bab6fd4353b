import { z } from "zod";
import { parseAllowList } from "./outbound/policy.js";

/**
 * Server environment, validated once. Every variable has an embedded default so that the
 * start command works on a fresh machine; production deployments set them explicitly.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Address the web server listens on (all interfaces when unset). */
  HOST: z.string().optional(),
  /** Public origin of the product: links in e-mails and notifications, OAuth callbacks. */
  APP_URL: z.string().url().optional(),
  /**
   * Which proxies may name the client in X-Forwarded-For (Express's "trust proxy": a hop count,
   * or addresses, subnets and loopback/linklocal/uniquelocal). Unset: the socket's address, and
   * the header is ignored. See docs/decisions/0850-throttling.md.
   */
  TRUST_PROXY: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default("default"),
  TEMPORAL_TASK_QUEUE: z.string().default("signalpost"),
  TEMPORAL_UI_URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  /** Comma-separated "keyId:base64key" pairs; the first one encrypts, all of them decrypt. */
  ENCRYPTION_KEYS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Signalpost <no-reply@signalpost.local>"),
  GOOGLE_CLIENT_ID: z.string().default("signalpost-dev-client"),
  GOOGLE_CLIENT_SECRET: z.string().default("signalpost-dev-secret"),
  /** Base of Google's OAuth endpoints; tests and offline demos point it at tests/fakes/google. */
  GOOGLE_OAUTH_BASE_URL: z.string().url().optional(),
  /** Sign-in throttling (docs/decisions/0850-throttling.md): failures of one e-mail from one address before it locks. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /** The window failures are counted in, and how long a lock lasts after the last failure. */
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  /** Failures from one address, whatever the e-mails, before that address is locked. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(10),
  /** Failures of one e-mail from all addresses after which every attempt on it is paused (never refused). */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().positive().default(10),
  /** The longest such pause. */
  LOGIN_MAX_PAUSE_SECONDS: z.coerce.number().min(0).default(5),
  /** Outgoing account e-mails (reset, invitation, sign-up): per recipient and kind, and per client address, per window. */
  MAIL_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(3),
  MAIL_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  MAIL_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  /** The MCP server (docs/decisions/0910-mcp-server.md): tool calls and resource reads per token per minute. */
  MCP_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Actions (run a job now, snooze or un-snooze an alert) per token per hour. */
  MCP_ACTIONS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Dynamic client registrations (RFC 7591) per client address per hour. */
  MCP_REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Billing (issue 8): Stripe secret key, API base (stripe-mock in tests), webhook signing secret, price ids. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_API_BASE_URL: z.string().url().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_IDS: z.string().optional(),
  /** Days an over-the-cap company keeps every account before the extra ones are locked. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).default(7),
  /** Slack app (OAuth v2); SLACK_BASE_URL moves slack.com to tests/fakes/slack. */
  SLACK_CLIENT_ID: z.string().default("signalpost-dev-slack"),
  SLACK_CLIENT_SECRET: z.string().default("signalpost-dev-slack-secret"),
  SLACK_BASE_URL: z.string().url().optional(),
  /** BigQuery destinations: API root and OAuth token endpoint instead of Google's (tests/fakes/bigquery). */
  BIGQUERY_API_ENDPOINT: z.string().url().optional(),
  BIGQUERY_TOKEN_URL: z.string().url().optional(),
  /** Outbound guard (decision 0840): tenant-supplied hosts may reach private networks (self-hosted installs, tests). */
  OUTBOUND_ALLOW_PRIVATE: z.stringbool().default(false),
  /** Outbound guard: CIDR ranges, IPs or host names (each optionally with :port) reachable even when private or internal. */
  /** Shown on the destination form: the addresses our servers connect from, for customers' firewalls. */
  SIGNALPOST_OUTBOUND_IPS: z.string().optional(),
  /** Where the European Central Bank publishes its reference rates (decision 0930); tests point it at tests/fakes/ecb. */
  ECB_RATES_BASE_URL: z.string().url().default("https://www.ecb.europa.eu/stats/eurofxref"),
  /** The published Looker Studio connector's deployment id (the catalogue page links to it). */
  LOOKER_STUDIO_CONNECTOR_ID: z.string().optional(),
  OUTBOUND_ALLOW: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseAllowList(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** Read cache (decision 0890): megabytes of rows per company (their text, before compression) before the least recently read days are evicted. */
  READ_CACHE_MAX_MB_PER_COMPANY: z.coerce.number().positive().default(512),
  /** Minutes today's and yesterday's stored rows are served before the platform is asked again. */
  READ_CACHE_RECENT_MINUTES: z.coerce.number().positive().default(60),
  /** The same for the other days of a connector's restatement window. */
  READ_CACHE_WINDOW_MINUTES: z.coerce.number().positive().default(360),
  /** Megabytes of recently read days each process keeps inflated in memory (decision 0899); 0 keeps none. */
  READ_CACHE_MEMORY_MB: z.coerce.number().min(0).default(64),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    // An empty variable (e.g. `SESSION_SECRET: ${SESSION_SECRET:-}` in compose) means "unset".
    const present = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
    const parsed = schema.safeParse(present);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/**
 * The origin links in e-mails and notifications point to: APP_URL, else the address the server
 * was started on. Never the request's Host header, which the client chooses.
 */
export function appOrigin(env: Env = getEnv()): string {
  if (env.APP_URL) return env.APP_URL.replace(/\/+$/, "");
  const anyInterface = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::";
  const host = anyInterface ? "localhost" : env.HOST!.includes(":") ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/**
 * The origin of addresses a signed-in user copies or is sent back to (query URLs, OAuth and Stripe
 * return URLs): APP_URL, else the origin the request came to. Unlike appOrigin(), a user's own
 * request may choose it: the answer goes back to that user only, never into an e-mail.
 */
export function publicOrigin(requestOrigin: string, env: Env = getEnv()): string {
  return (env.APP_URL || requestOrigin).replace(/\/+$/, "");
}

export type ServerIntegration = "stripe" | "slack" | "google";

/**
 * Whether this server can talk to a third party the screens offer (issue 19: an unconfigured one
 * is said so, with the variables an administrator sets, instead of failing or sending the user to
 * the real service with a placeholder app). The dev placeholder ids count as unset unless a local
 * fake stands in for the service (its *_BASE_URL).
 */
export function serverIntegration(which: ServerIntegration, env: Env = getEnv()): { configured: boolean; variables: string[] } {
  switch (which) {
    case "stripe":
      return { configured: Boolean(env.STRIPE_SECRET_KEY), variables: ["STRIPE_SECRET_KEY", "STRIPE_PRICE_IDS", "STRIPE_WEBHOOK_SECRET"] };
    case "slack":
      return { configured: Boolean(env.SLACK_BASE_URL) || (env.SLACK_CLIENT_ID !== "signalpost-dev-slack" && env.SLACK_CLIENT_SECRET !== "signalpost-dev-slack-secret"), variables: ["SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET"] };
    case "google":
      return { configured: Boolean(env.GOOGLE_OAUTH_BASE_URL) || (env.GOOGLE_CLIENT_ID !== "signalpost-dev-client" && env.GOOGLE_CLIENT_SECRET !== "signalpost-dev-secret"), variables: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"] };
  }
}

/** TRUST_PROXY as Express's "trust proxy" value: false (the socket), a hop count, true, or a list. */
export function trustProxySetting(env: Env = getEnv()): boolean | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === "false") return false;
  if (raw === "true") return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * Where the product's own services are and where its state lives. Read live on every call rather
 * than through the cached getEnv(): the start script and the test harnesses point them at servers
 * and folders they create after modules have loaded.
 */
export const runtimeSettings = {
  databaseUrl: (): string | undefined => process.env.DATABASE_URL || undefined,
  temporalAddress: (): string => process.env.TEMPORAL_ADDRESS || "127.0.0.1:7233",
  temporalNamespace: (): string => process.env.TEMPORAL_NAMESPACE || "default",
  /** Unset: the callers use temporal/shared.ts DEFAULT_TASK_QUEUE. */
  temporalTaskQueue: (): string | undefined => process.env.TEMPORAL_TASK_QUEUE || undefined,
  /**
   * A workflow bundle built beforehand (bundleWorkflowCode): workers load it instead of compiling
   * temporal/workflows with webpack at start-up. The integration tests build one per run
   * (tests/support/global-setup.ts); unset, each worker bundles the sources itself.
   */
  temporalWorkflowBundle: (): string | undefined => process.env.TEMPORAL_WORKFLOW_BUNDLE || undefined,
  /** Local state (.data by default); test stacks point it elsewhere after start-up. */
  dataDir: (): string | undefined => process.env.SIGNALPOST_DATA_DIR || undefined,
  /** The user's cache directory, where tools built once per machine live. */
  cacheHome: (): string | undefined => process.env.XDG_CACHE_HOME || undefined,
  /** The e2e stack's landing-page server for the demo source's ads (URL checker tests). */
  demoLandingBaseUrl: (): string | undefined => process.env.DEMO_LANDING_BASE_URL || undefined,
};

/**
 * The variables named after a platform ({PLATFORM}_CLIENT_ID, _CLIENT_SECRET, _BASE_URL, extras
 * such as GOOGLE_ADS_DEVELOPER_TOKEN, and the add-in clients' LOOKER_STUDIO_* / ADDONS_*): a
 * read-only view, since their names come from the catalogue rather than from this schema
 * (docs/sources-oauth.md). Live, like runtimeSettings.
 */
export function platformEnv(): Readonly<Record<string, string | undefined>> {
  return process.env;
}

/** Tests change process.env between cases; they call this to re-read it. */
export function resetEnvCache() {
  cached = undefined;
}
