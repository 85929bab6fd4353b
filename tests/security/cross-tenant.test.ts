// Issue 15: hostile tenants get nothing. Two companies, each with one of each object (source,
// accounts, destination, data stream, job, saved query, alert, template, objective, local storage,
// connection, user, invitation), every name carrying a marker unique to its company. Every loader
// and action of the route list (tests/support/route-list.ts) is called by each company with the
// other's ids: in the URL (must answer 4xx), in id fields of every form intent, in query
// parameters, and in a query URL. No answer may carry the other company's marker, no request may
// change the other company's rows, none may answer 5xx.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { startSourceApp, type ServedApp } from "../support/built-app.js";
import { rawRequest, type RawRequest } from "../support/requests.js";
import { createTestDatabase } from "../support/database.js";
import { changedTables, tableFingerprint, UNTRACKED_TABLES } from "../support/db-fingerprint.js";
import { appRoutes, baseForm, fieldKinds, formShape, paramMeaning, routePath, textParam, type AppRoute } from "../support/route-list.js";
import { makeTenant, type ObjectKind, type Tenant } from "../support/tenant.js";

type Probe = { route: string; label: string; request: RawRequest; mustRefuse: boolean };
type Finding = Probe & { status: number; leaked: boolean; wrote: string[] };

let db: DB;
let drop: () => Promise<void>;
let server: ServedApp;

beforeAll(async () => {
  process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
  process.env.TEMPORAL_TASK_QUEUE = `cross-tenant-${process.pid}`;
  ({ db, drop } = await createTestDatabase());
  server = await startSourceApp();
});

afterAll(async () => {
  await server?.close();
  await drop?.();
});

/** Every request an attacker company can make at a victim's objects through this route. */
function probes(route: AppRoute, attacker: Tenant, victim: Tenant): Probe[] {
  const own = (param: string) => {
    const meaning = paramMeaning(route, param);
    // Admin-only objects (Looker Studio fields) belong to no company: not a tenant boundary.
    return "id" in meaning ? String(meaning.id === "gdsField" ? 1 : attacker.ids[meaning.id]) : textParam(meaning.text);
  };
  const shape = formShape(route);
  const intents = shape.intents.length ? shape.intents : [undefined];
  const headers = { cookie: attacker.cookie, origin: new URL(server.url).origin, "content-type": "application/x-www-form-urlencoded" };
  const out: Probe[] = [];
  const add = (label: string, request: RawRequest, mustRefuse: boolean) => out.push({ route: route.id, label, request, mustRefuse });

  // Every page as the attacker sees it: a list must not show the victim's objects.
  if (route.hasLoader && !route.params.some((p) => "id" in paramMeaning(route, p))) {
    add("GET the attacker's own page", { method: "GET", path: routePath(route, own), headers: { cookie: attacker.cookie } }, false);
  }

  // The victim's id in the URL: the page and its action must not exist for the attacker.
  for (const param of route.params) {
    const meaning = paramMeaning(route, param);
    if (!("id" in meaning) || meaning.id === "gdsField") continue;
    const path = routePath(route, (p) => (p === param ? String(victim.ids[meaning.id as ObjectKind]) : own(p)));
    if (route.hasLoader) add(`GET with the other company's ${param}`, { method: "GET", path, headers: { cookie: attacker.cookie } }, true);
    if (route.hasAction) {
      for (const intent of intents) add(`POST${intent ? ` ${intent}` : ""} with the other company's ${param}`, { method: "POST", path, headers, body: new URLSearchParams(baseForm(route, attacker.ids, intent)).toString() }, true);
    }
  }

  // The attacker's own page, the victim's ids in forms (every id field at once, each of its
  // meanings in turn) and in query parameters.
  const path = routePath(route, own);
  const idFields = shape.fields.filter((f) => fieldKinds(route, f).length > 0);
  if (route.hasAction && idFields.length) {
    const meanings = Math.max(...idFields.map((f) => fieldKinds(route, f).length));
    for (const intent of intents) {
      for (let m = 0; m < meanings; m++) {
        const forged = Object.fromEntries(idFields.map((f) => { const kinds = fieldKinds(route, f); return [f, String(victim.ids[kinds[Math.min(m, kinds.length - 1)]!])]; }));
        const body = new URLSearchParams({ ...baseForm(route, attacker.ids, intent), ...forged }).toString();
        add(`POST${intent ? ` ${intent}` : ""} with the other company's ids in ${Object.keys(forged).join(", ")}`, { method: "POST", path: path + (route.index ? "?index" : ""), headers, body }, false);
      }
    }
  }
  if (route.hasLoader) {
    for (const q of shape.queryParams) {
      for (const kind of fieldKinds(route, q)) add(`GET with the other company's ${kind} in ?${q}`, { method: "GET", path: `${path}?${q}=${victim.ids[kind]}`, headers: { cookie: attacker.cookie } }, false);
    }
  }
  return out;
}

/** The query URL, with the attacker's API key and the victim's source in its accounts. */
function queryUrlProbe(attacker: Tenant, victim: Tenant): Probe {
  const params = new URLSearchParams({
    format: "json",
    source: "demo",
    metrics: "clicks",
    dimensions: "date",
    date: "LAST_7_DAYS",
    accounts: JSON.stringify([{ id: victim.accountIds[0], authorization_id: victim.ids.source }]),
    apikey: attacker.apiKey,
  });
  return { route: "routes/api.request", label: "query URL over the other company's source", request: { method: "GET", path: `/api/request?${params}` }, mustRefuse: true };
}

describe("cross-tenant sweep", () => {
  it("reads and writes nothing of another company, both directions", { timeout: 600_000 }, async () => {
    const routes = await appRoutes();
    const findings: Finding[] = [];
    // A fresh pair of companies per route: a request that changes the attacker's own objects (its
    // own delete, say) never leaves the next route without them.
    for (const route of [...routes, null]) {
      const a = await makeTenant(db, "Alpha");
      const b = await makeTenant(db, "Bravo");
      for (const [attacker, victim] of [
        [a, b],
        [b, a],
      ] as const) {
        let before = await tableFingerprint(db, UNTRACKED_TABLES, victim.companyId);
        for (const probe of route ? probes(route, attacker, victim) : [queryUrlProbe(attacker, victim)]) {
          const res = await rawRequest(server, probe.request).catch((error: Error) => ({ status: 0, body: `no answer: ${error.message}` }));
          const after = await tableFingerprint(db, UNTRACKED_TABLES, victim.companyId);
          findings.push({ ...probe, status: res.status, leaked: res.body.includes(victim.marker), wrote: changedTables(before, after) });
          before = after;
        }
      }
    }
    // SWEEP_DUMP=<file> keeps every answer for inspection.
    if (process.env.SWEEP_DUMP) fs.writeFileSync(process.env.SWEEP_DUMP, JSON.stringify(findings.map((f) => ({ ...f, request: { ...f.request, body: undefined } })), null, 1));
    const line = (f: Finding) => `${f.status} ${f.request.method} ${f.request.path.slice(0, 80)} [${f.route}] ${f.label}${f.leaked ? " LEAKED the other company's data" : ""}${f.wrote.length ? ` WROTE ${f.wrote.join(",")}` : ""}`;
    const leaks = findings.filter((f) => f.leaked);
    const writes = findings.filter((f) => f.wrote.length > 0);
    const serverErrors = findings.filter((f) => f.status >= 500 || f.status === 0);
    const notRefused = findings.filter((f) => f.mustRefuse && !(f.status >= 400 && f.status < 500));
    const not404 = findings.filter((f) => f.mustRefuse && f.status !== 404 && f.status >= 400 && f.status < 500);
    console.log(`${findings.length} cross-tenant attempts: ${leaks.length} reads, ${writes.length} writes, ${serverErrors.length} 5xx, ${notRefused.length} not refused; refusals other than 404: ${not404.map((f) => `${f.status} ${f.route}`).join(", ") || "none"}`);
    // Both companies really have their objects (a sweep over empty companies would prove nothing).
    expect(findings.length).toBeGreaterThan(300);
    expect(leaks.map(line)).toEqual([]);
    expect(writes.map(line)).toEqual([]);
    expect(serverErrors.map(line)).toEqual([]);
    expect(notRefused.map(line)).toEqual([]);
  });

  it("shows each company its own objects (the markers the sweep looks for are on the pages)", async () => {
    for (const tenant of [await makeTenant(db, "Alpha"), await makeTenant(db, "Bravo")]) {
      for (const path of ["/data-connector/sources", "/data-connector/destinations", `/data-connector/data-stream/${tenant.ids.stream}`, "/data-connector/power-bi", `/clients/${tenant.ids.account}/anomalies`, "/settings/users"]) {
        const res = await rawRequest(server, { method: "GET", path, headers: { cookie: tenant.cookie } });
        expect(res.status, path).toBe(200);
        expect(res.body, path).toContain(tenant.marker);
      }
    }
  });
});
