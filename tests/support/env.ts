import { resetEnvCache } from "../../lib/env.js";

/**
 * Sets variables for a test file (undefined unsets one) and re-reads lib/env.ts; the returned
 * function puts the previous values back.
 */
export function overrideEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  };
  apply(vars);
  return () => apply(saved);
}
