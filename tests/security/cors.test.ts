// Issue 15 item 10, through the real web server: a page hosted elsewhere (a Tableau Web Data
// Connector) can read a query URL; the add-in endpoints answer their preflights; a preflight never
// runs a query nor counts as usage; nothing that reads a cookie is opened to other origins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { startBuiltApp } from "../support/built-app.js";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";

let db: DB;
let drop: () => Promise<void>;
let app: Awaited<ReturnType<typeof startBuiltApp>>;
let company: Awaited<ReturnType<typeof makeSignedInDemoCompany>>;

const ELSEWHERE = "https://tableau-wdc.example";

function queryUrl(extra: Record<string, string> = {}) {
  return `/api/request?${new URLSearchParams({
    platform: "demo",
    metrics: "clicks",
    dimensions: "date",
    date: "CUSTOM",
    start_date: "2026-01-01",
    end_date: "2026-01-03",
    accounts: JSON.stringify([{ id: "demo-paris", authorization_id: company.sourceId }]),
    format: "json",
    apikey: revealApiKey(company.company),
    ...extra,
  })}`;
}

async function usage() {
  const logs = await db.selectFrom("connectionLogs").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", company.company.id).executeTakeFirstOrThrow();
  const connections = await db.selectFrom("connections").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", company.company.id).executeTakeFirstOrThrow();
  return { logs: Number(logs.n), connections: Number(connections.n) };
}

/** The connection log of one answered query URL, written once its body was read (the signal, not a delay). */
async function logOf(requestId: string) {
  for (;;) {
    const row = await db.selectFrom("connectionLogs").select("id").where("requestId", "=", requestId).executeTakeFirst();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const preflight = (path: string, method: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: "OPTIONS", headers: { origin: ELSEWHERE, "access-control-request-method": method, ...headers } });

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  company = await makeSignedInDemoCompany(db, "Cors");
  app = await startBuiltApp();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe("the query URL from another origin", () => {
  it("answers GET and HEAD to any origin, without credentials", async () => {
    const res = await fetch(`${app.url}${queryUrl()}`, { headers: { origin: ELSEWHERE } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
    expect(JSON.stringify(await res.json())).toContain("clicks");
    // Its log is written after the body was sent; waiting for it keeps it out of the next test's count.
    await logOf(res.headers.get("x-request-id")!);
    // Errors too: the page must be able to read why (a rotated key).
    const denied = await fetch(`${app.url}${queryUrl({ apikey: "sp_not_a_key" })}`, { headers: { origin: ELSEWHERE } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("access-control-allow-origin")).toBe("*");
    const head = await fetch(`${app.url}${queryUrl({ apikey: "sp_not_a_key" })}`, { method: "HEAD", headers: { origin: ELSEWHERE } });
    expect(head.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("a preflight answers 204 without running the query or counting usage", async () => {
    const before = await usage();
    const res = await preflight(queryUrl(), "GET", { "access-control-request-headers": "accept" });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("x-request-id")).toBeNull();
    expect(await res.text()).toBe("");
    // A real read afterwards is the signal: once its log is written, the preflight's would be too.
    const read = await fetch(`${app.url}${queryUrl()}`);
    await read.text();
    await logOf(read.headers.get("x-request-id")!);
    const after = await usage();
    expect(after.logs).toBe(before.logs + 1);
  });
});

describe("the add-in endpoints", () => {
  it.each(["/addons/me", "/addons/sources", "/addons/query?platform=demo", "/addons/looker-studio/config?platform=demo"])("%s: the preflight for a bearer GET answers 204, not 401", async (path) => {
    const res = await preflight(path, "GET", { "access-control-request-headers": "authorization" });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    // The real call then gets its 401 readable by the add-in.
    const call = await fetch(`${app.url}${path}`, { headers: { origin: ELSEWHERE } });
    expect(call.status).toBe(401);
    expect(call.headers.get("access-control-allow-origin")).toBe("*");
  });

  it.each(["/addons/link/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b", "/oauth/token", "/oauth/revoke"])("%s: the preflight for a JSON POST answers 204", async (path) => {
    const res = await preflight(path, "POST", { "access-control-request-headers": "content-type" });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
  });
});

describe("everything else stays closed to other origins", () => {
  it.each(["/settings", "/data-connector/sources", "/link-to/excel", "/login"])("%s: no CORS header on the preflight nor on the answer", async (path) => {
    const res = await preflight(path, "POST");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const page = await fetch(`${app.url}${path}`, { headers: { origin: ELSEWHERE, cookie: company.cookie }, redirect: "manual" });
    expect(page.headers.get("access-control-allow-origin")).toBeNull();
  });
});
