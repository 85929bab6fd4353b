// The layer arrows of docs/architecture.md, as the lint rule sees them: each forbidden import is
// reported, each allowed one is not, wherever the file sits and however the path is spelled.
import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import rule from "../../scripts/lint/layer-boundaries.js";

// RuleTester runs its cases through the test framework's hooks (its typings omit afterAll).
Object.assign(RuleTester, { afterAll, describe, it });

const root = path.resolve(import.meta.dirname, "../..");
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } });

tester.run("layer-boundaries", rule, {
  valid: [
    { filename: at("app/services/x.server.ts"), code: `import { a } from "../../server/source-context.js";` },
    { filename: at("app/routes/x.tsx"), code: `import { a } from "~/services/y.server";` },
    { filename: at("app/services/x.server.ts"), code: `import { a } from "../../temporal/client.js";` },
    { filename: at("app/services/x.server.ts"), code: `import { a } from "../../engine/index.js";` },
    { filename: at("app/components/x.tsx"), code: `import { a } from "../../engine/browser.js";` },
    { filename: at("temporal/activities/x.ts"), code: `import { a } from "../../engine/index.js";` },
    { filename: at("server/source-context.ts"), code: `import { a } from "../db/connection.js"; import { b } from "../engine/index.js"; import { c } from "../lib/env.js";` },
    { filename: at("db/repositories/x.ts"), code: `import { encryptJson } from "../../lib/secrets.js";` },
    { filename: at("engine/connectors/demo/connector.ts"), code: `import { a } from "../../core/types.js";` },
    { filename: at("temporal/workflows/run-job.ts"), code: `import type { Activities } from "../activities/index.js"; import type { RunJobInput } from "../shared.js";` },
    { filename: at("temporal/activities/data-streams.ts"), code: `import { a } from "../../server/job-table.js";` },
    { filename: at("temporal/worker.ts"), code: `import { a } from "./activities/index.js";` },
    // Tests, scripts and benches assemble the layers and may reach anywhere.
    { filename: at("lib/secrets.test.ts"), code: `import { a } from "../db/connection.js";` },
    { filename: at("scripts/runtime/start.ts"), code: `import { a } from "../../server/seed/index.js";` },
  ],
  invalid: [
    { filename: at("lib/x.ts"), code: `import { a } from "../db/connection.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("lib/deep/x.ts"), code: `export { a } from "../../engine/core/types.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("db/repositories/x.ts"), code: `import { a } from "../../server/source-context.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("db/seed/x.ts"), code: `import { a } from "../../engine/connectors/registry.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("engine/core/x.ts"), code: `import { a } from "../../lib/env.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("server/x.ts"), code: `import { a } from "../engine/core/types.js";`, errors: [{ messageId: "engineEntry" }] },
    { filename: at("app/routes/x.tsx"), code: `import { a } from "../../engine/index.js";`, errors: [{ messageId: "browserEntry" }] },
    { filename: at("engine/core/x.ts"), code: `const m = await import("../../db/connection.js");`, errors: [{ messageId: "forbidden" }] },
    { filename: at("server/x.ts"), code: `import { a } from "../app/services/y.server.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("app/services/x.server.ts"), code: `import { a } from "../../temporal/activities/index.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("temporal/workflows/x.ts"), code: `import { createActivities } from "../activities/index.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("temporal/workflows/x.ts"), code: `import { getEnv } from "../../lib/env.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("temporal/shared.ts"), code: `import { getEnv } from "../lib/env.js";`, errors: [{ messageId: "forbidden" }] },
    { filename: at("temporal/activities/x.ts"), code: `import { a } from "../../app/services/y.server.js";`, errors: [{ messageId: "forbidden" }] },
  ],
});
