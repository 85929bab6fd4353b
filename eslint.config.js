// ESLint (flat config) with typescript-eslint. What it guards, and why each rule is here:
// - promises nobody awaits lose their errors (and in a worker, crash it later): no-floating-promises;
// - workflows are replayed by Temporal and must be deterministic: no Node built-ins, no I/O modules;
// - the layers of docs/architecture.md: scripts/lint/layer-boundaries.js;
// - the environment is read in one place, lib/env.ts, where it is validated;
// - platform answers are parsed by a schema, never cast: scripts/lint/checked-answers.js;
// - actions parse their forms with a schema (conform + zod), never field by field: scripts/lint/form-schemas.js.
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import checkedAnswers from "./scripts/lint/checked-answers.js";
import formSchemas from "./scripts/lint/form-schemas.js";
import layerBoundaries from "./scripts/lint/layer-boundaries.js";

const NODE_BUILTINS = ["assert", "buffer", "child_process", "cluster", "crypto", "dgram", "dns", "events", "fs", "fs/promises", "http", "http2", "https", "net", "os", "path", "perf_hooks", "process", "readline", "stream", "timers", "tls", "url", "util", "v8", "vm", "worker_threads", "zlib"];

export default tseslint.config(
  { ignores: ["node_modules/**", "build/**", "public/build/**", ".data/**", ".cache/**", "integrations/**", "**/*.d.ts"] },
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: { allowDefaultProject: ["*.js"] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin, "react-hooks": reactHooks, signalpost: { rules: { "layer-boundaries": layerBoundaries, "checked-answers": checkedAnswers, "form-schemas": formSchemas } } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-control-regex": "error",
      "signalpost/layer-boundaries": "error",
    },
  },
  {
    files: ["temporal/workflows/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: "Workflows are replayed: no Node built-ins (use an activity)." })),
          patterns: [
            { group: ["node:*"], message: "Workflows are replayed: no Node built-ins (use an activity)." },
            { group: ["@temporalio/activity", "@temporalio/client", "@temporalio/worker"], message: "Workflows import only @temporalio/workflow and @temporalio/common." },
          ],
        },
      ],
    },
  },
  {
    files: ["engine/connectors/**/*.ts"],
    ignores: [
      // Fakes and tests read what our connectors sent, not what a platform answered.
      "**/fake.ts",
      "**/*.test.ts",
    ],
    rules: { "signalpost/checked-answers": "error" },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/services/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "signalpost/form-schemas": "error" },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "engine/**/*.ts", "db/**/*.ts", "temporal/**/*.ts", "lib/**/*.ts"],
    ignores: ["lib/env.ts", "**/*.test.ts", "**/*.test.tsx", "engine/cli.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read the environment through lib/env.ts (validated, one place)." }],
    },
  },
);
