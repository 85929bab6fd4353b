import { z } from "zod";

/**
 * Server environment, validated once. Every variable has an embedded default so that the
 * start command works on a fresh machine; production deployments set them explicitly.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  APP_URL: z.string().url().optional(),
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
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
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
  /** Read cache (decision 0890): stored megabytes per company before the least recently read days are evicted. */
  READ_CACHE_MAX_MB_PER_COMPANY: z.coerce.number().positive().default(512),
  /** Minutes today's and yesterday's stored rows are served before the platform is asked again. */
  READ_CACHE_RECENT_MINUTES: z.coerce.number().positive().default(60),
  /** The same for the other days of a connector's restatement window. */
  READ_CACHE_WINDOW_MINUTES: z.coerce.number().positive().default(360),
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

/** Tests change process.env between cases; they call this to re-read it. */
export function resetEnvCache() {
  cached = undefined;
}
