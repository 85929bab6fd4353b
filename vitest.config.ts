import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "~": path.resolve(__dirname, "app") };

// Two projects: "unit" needs nothing running; "integration" gets a real PostgreSQL and a real
// Temporal dev server from tests/global-setup.ts (started once per run, not per file).
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["engine/**/*.test.ts", "lib/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "temporal/**/*.unit.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["node_modules/**"],
          // Fakes listen on loopback: the outbound guard lets private addresses through here (decision 0840).
          env: { OUTBOUND_ALLOW_PRIVATE: "true" },
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["db/**/*.test.ts", "temporal/**/*.int.test.ts", "tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
          exclude: ["node_modules/**", "tests/e2e/**"],
          globalSetup: ["tests/support/global-setup.ts"],
          // Workers started here never reach the real ECB (decision 0930); the tests that fetch rates start tests/fakes/ecb.
          env: { ECB_RATES_BASE_URL: "http://127.0.0.1:9" },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
