import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onStopSignal, startProduct } from "../../../scripts/runtime/start.js";
import { freePort } from "../../../scripts/runtime/ports.js";
import { startFakeGoogle } from "../../fakes/google/server.js";
import { startSourceFakes } from "./source-fakes.js";
import { startAccountFakes } from "./account-fakes.js";
import { startFakeBigQuery } from "../../fakes/bigquery/server.js";
import { startLandingServer } from "./landing-server.js";
import { startEcbFake, workingDayRates } from "../../fakes/ecb/server.js";
import { addDays } from "../../../engine/index.js";
import { E2E_GOOGLE_ACCOUNTS, E2E_GOOGLE_CLIENT, E2E_LOOKER, type E2EState } from "./state.js";

/**
 * The whole product for Playwright: embedded PostgreSQL, Temporal dev server, worker and web server
 * on free ports in a throwaway directory, plus the third-party fakes the browser talks to.
 * Playwright's webServer runs this and waits for /healthz; state.json tells specs where things are.
 */
async function main() {
  const port = Number(process.env.E2E_PORT);
  const stateFile = process.env.E2E_STATE_FILE;
  if (!port || !stateFile) throw new Error("E2E_PORT and E2E_STATE_FILE are set by playwright.config.ts");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signalpost-e2e-"));
  fs.chmodSync(dataDir, 0o777);

  const google = await startFakeGoogle({ ...E2E_GOOGLE_CLIENT, accounts: E2E_GOOGLE_ACCOUNTS });
  const sourceFakes = await startSourceFakes((m) => (process.env.E2E_VERBOSE ? console.log(m) : undefined));
  const accountFakes = await startAccountFakes();
  // BigQuery destinations: the product's check and loads reach tests/fakes/bigquery; specs paste this key.
  const bigquery = await startFakeBigQuery();
  const bigqueryKey = bigquery.createServiceAccount({ projectId: "e2e-project" });
  const temporalPort = await freePort();
  const landing = await startLandingServer();
  // The worker's rates:ecb schedule fetches here (decision 0930): a year of working days up to today.
  const today = new Date().toISOString().slice(0, 10);
  const ecb = await startEcbFake(workingDayRates(addDays(today, -400), today));
  // The seed (run in this process) registers the Looker Studio client from these.
  Object.assign(process.env, {
    // The seeded demo source's landing pages: the URL checker finds the broken one there.
    DEMO_LANDING_BASE_URL: landing.url,
    LOOKER_STUDIO_CLIENT_ID: E2E_LOOKER.clientId,
    LOOKER_STUDIO_CLIENT_SECRET: E2E_LOOKER.clientSecret,
    LOOKER_STUDIO_SCRIPTS: `${E2E_LOOKER.scriptId}:${E2E_LOOKER.platform}`,
  });
  const product = await startProduct({
    port,
    pgPort: await freePort(),
    temporalPort,
    temporalUiPort: await freePort(),
    dataDir,
    log: (m) => (process.env.E2E_VERBOSE ? console.log(m) : undefined),
    env: {
      GOOGLE_OAUTH_BASE_URL: google.url,
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT.clientSecret,
      SMTP_URL: "",
      ...sourceFakes.env,
      ...accountFakes.env,
      BIGQUERY_API_ENDPOINT: bigquery.url,
      BIGQUERY_TOKEN_URL: bigquery.tokenUrl,
      ECB_RATES_BASE_URL: ecb.url,
      // The fakes and the landing server listen on loopback (decision 0840).
      OUTBOUND_ALLOW_PRIVATE: "true",
    },
  });
  const state: E2EState = { baseUrl: product.url, dataDir, googleUrl: google.url, temporalAddress: process.env.TEMPORAL_ADDRESS || `127.0.0.1:${temporalPort}`, databaseUrl: process.env.DATABASE_URL, bigquery: { projectId: "e2e-project", jsonKey: bigqueryKey }, slackUrl: accountFakes.env.SLACK_BASE_URL, landingUrl: landing.url };
  fs.writeFileSync(stateFile, JSON.stringify(state));

  const shutdown = async () => {
    await product.stop();
    await google.close();
    await sourceFakes.close();
    await accountFakes.close();
    await bigquery.close();
    await landing.close();
    await ecb.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  onStopSignal(() => void shutdown());
}

main().catch((error) => {
  console.error("[e2e stack]", error);
  process.exit(1);
});
