import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Chosen once in the main process; workers inherit it through the environment.
// Chromium refuses to load ports on its "unsafe" list (ERR_UNSAFE_PORT); 3659 (apple-sasl) is the
// one inside this range.
const CHROMIUM_UNSAFE_PORTS = new Set([3659]);
const candidatePort = 3100 + (process.pid % 800);
process.env.E2E_PORT ??= String(CHROMIUM_UNSAFE_PORTS.has(candidatePort) ? candidatePort + 1 : candidatePort);
process.env.E2E_STATE_FILE ??= path.join(os.tmpdir(), `signalpost-e2e-state-${process.env.E2E_PORT}.json`);
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" },
  },
  projects: [
    { name: "chromium", testIgnore: "**/*.nojs.spec.ts" },
    { name: "chromium-no-js", testMatch: "**/*.nojs.spec.ts", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/support/stack.ts",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
