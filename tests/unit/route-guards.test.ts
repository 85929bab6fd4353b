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

/**
 * Every browser form is read through readForm (app/services/request-input.server.ts), which
 * refuses wrong content types, oversized bodies and control characters with a 4xx (decision 0830).
 * Only machine endpoints that authenticate otherwise read their raw body, in their own format.
 */
describe("request bodies", () => {
  const appDir = path.join(__dirname, "../../app");
  const RAW_BODY_READERS: Record<string, string> = {
    "services/oauth-provider.server.ts": "OAuth token and revocation endpoints: RFC 6749 form or JSON bodies, OAuth error answers",
    "services/addon-link.server.ts": "add-in link claim: JSON or form from the add-in, JSON error answers",
    "services/oauth-registration.server.ts": "RFC 7591 client registration: a JSON body from an MCP client, OAuth error answers",
    "routes/webhooks.stripe.tsx": "Stripe webhook: the raw body is what the signature covers",
  };
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.includes(".test.") ? [path.join(dir, e.name)] : []));

  it.each(sources(appDir).map((f) => path.relative(appDir, f)))("%s reads forms through readForm", (file) => {
    const text = fs.readFileSync(path.join(appDir, file), "utf8");
    const raw = /\brequest(?:\.clone\(\))?\.(formData|json|text|arrayBuffer|blob)\(/.exec(text);
    if (!raw || RAW_BODY_READERS[file]) return;
    expect.fail(`${file} calls request.${raw[1]}(): read browser forms with readForm (app/services/request-input.server.ts), or list a machine endpoint here with why`);
  });
});
