import fs from "node:fs";

export type E2EState = {
  baseUrl: string;
  dataDir: string;
  googleUrl: string;
  /** The Slack fake (GET /_fake/messages lists what the product posted). */
  slackUrl?: string;
  /** The local server of the demo ads' landing pages (the URL checker crawls it). */
  landingUrl?: string;
  /** The stack's Temporal server (specs describe schedules). */
  temporalAddress?: string;
  /** The stack's own database (the seeded demo warehouse is `<its name>_warehouse` on the same server). */
  databaseUrl?: string;
  /** A service-account key tests/fakes/bigquery accepts for this project (BigQuery destination form). */
  bigquery?: { projectId: string; jsonKey: string };
};

export const E2E_GOOGLE_CLIENT = { clientId: "e2e-google-client", clientSecret: "e2e-google-secret" };

/** The demo user has a Google account with the same e-mail; the stranger has no Signalpost user. */
export const E2E_GOOGLE_ACCOUNTS = [
  { sub: "google-demo-1", email: "demo@signalpost.local", given_name: "Dana", family_name: "Demo" },
  { sub: "google-stranger-2", email: "stranger@example.test", given_name: "Sam", family_name: "Stranger" },
  // Sign-up (issue 8): a newcomer registers a company on first sign-in; an unverified address cannot.
  { sub: "google-newcomer-3", email: "newcomer@example.test", given_name: "Nia", family_name: "Newcomer" },
  { sub: "google-unverified-4", email: "unverified@example.test", given_name: "Una", family_name: "Unverified", email_verified: false },
  // Register mode (spec 3 §2.5): connect a platform first, then sign up with Google (one per project).
  { sub: "google-register-5", email: "register-js@example.test", given_name: "Rae", family_name: "Register" },
  { sub: "google-register-6", email: "register-nojs@example.test", given_name: "Rex", family_name: "Register" },
];

/** The Looker Studio client the stack registers (spec 3 §2.8 connector pages). */
export const E2E_LOOKER = { clientId: "looker-studio", clientSecret: "e2e-looker-secret", scriptId: "e2e-script", platform: "google-ads" };

export function readE2EState(): E2EState {
  return JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE!, "utf8"));
}
