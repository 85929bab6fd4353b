import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A net under every route module: an action (a mutation) must authenticate the user, check the
 * origin of a public form, or declare itself a machine endpoint that authenticates otherwise
 * (signature, API key, OAuth token) with a `@machine-endpoint <how>` comment.
 */
const routesDir = path.join(__dirname, "../../app/routes");
const GUARDS = /\b(requireUser|requireAdmin|assertSameOrigin)\(/;
const MACHINE = /@machine-endpoint\s+\S+/;

describe("route guards", () => {
  const files = fs.readdirSync(routesDir).filter((f) => /\.(tsx?|jsx?)$/.test(f) && !f.includes(".test."));

  it("finds the route modules", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  /** Services a route imports from ~/services: an action may delegate its guard to one of them. */
  function importedServicesGuard(source: string): boolean {
    const modules = [...source.matchAll(/from\s+"~\/services\/([^"]+)"/g)].map((m) => m[1]);
    return modules.some((m) => {
      const candidates = [`${m}.ts`, `${m}.tsx`, m].map((f) => path.join(routesDir, "../services", f));
      const file = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      return file ? GUARDS.test(fs.readFileSync(file, "utf8")) : false;
    });
  }

  it.each(files)("%s guards its action", (file) => {
    const source = fs.readFileSync(path.join(routesDir, file), "utf8");
    if (!/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)) return;
    const guarded = GUARDS.test(source) || MACHINE.test(source) || importedServicesGuard(source);
    expect(guarded, `${file} has an action without requireUser/requireAdmin/assertSameOrigin (here or in the service it calls) or a @machine-endpoint note`).toBe(true);
  });
});
