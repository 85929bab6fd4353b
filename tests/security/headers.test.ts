// Issue 15 item 11, through the real web server: nosniff and Referrer-Policy on every response
// (documents, ?_data, resource routes, static files, preflights, errors); on every page a
// Content-Security-Policy whose script nonce is fresh per request and carried by every inline
// script Remix renders, with frame-ancestors. (Playwright checks that the app runs under it:
// tests/e2e/content-security-policy.spec.ts.)
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

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  company = await makeSignedInDemoCompany(db, "Headers");
  app = await startBuiltApp();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const fetchRaw = (path: string, init: RequestInit = {}) => fetch(`${app.url}${path}`, { redirect: "manual", ...init });

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

describe("headers on every response", () => {
  it("documents, data requests, resource routes, static files, preflights, redirects and errors all say nosniff", async () => {
    const login = await fetchRaw("/login");
    const html = await login.text();
    const script = /<link rel="modulepreload" href="([^"]+)"/.exec(html)![1];
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    const apikey = encodeURIComponent(revealApiKey(company.company));
    const answers: Record<string, Response> = {
      document: login,
      "data request": await fetchRaw("/settings?_data=root", { headers: { cookie: company.cookie } }),
      "query URL": await fetchRaw(`/api/request?apikey=${apikey}&platform=demo&metrics=nope`),
      "query URL (csv error)": await fetchRaw("/api/request?format=csv"),
      "add-in endpoint": await fetchRaw("/addons/me"),
      "token endpoint": await fetchRaw("/oauth/token", { method: "POST" }),
      "static script": await fetchRaw(script),
      stylesheet: await fetchRaw(stylesheet),
      "public file": await fetchRaw("/favicon.ico"),
      preflight: await fetchRaw("/api/request", { method: "OPTIONS" }),
      redirect: await fetchRaw("/settings"),
      "not found": await fetchRaw("/no/such/page"),
      "cross-site post": await fetchRaw("/login", { method: "POST", headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" }, body: "x=1" }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), what).toBe("same-origin");
    }
    expect(answers["static script"].status).toBe(200);
    expect(answers["query URL"].headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("the documents' Content-Security-Policy", () => {
  it("allows scripts from our origin and this response's nonce only, on every inline script, and only we may frame the page", async () => {
    const first = await fetchRaw("/login");
    const policy = first.headers.get("content-security-policy");
    expect(policy).toBeTruthy();
    const d = directives(policy!);
    const nonce = /'nonce-([^']+)'/.exec(d.get("script-src")!.join(" "))?.[1];
    expect(nonce).toBeTruthy();
    expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(d.get("frame-ancestors")).toEqual(["'self'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'self'"]);
    expect(first.headers.get("x-frame-options")).toBe("SAMEORIGIN");

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);

    // A fresh nonce per response: a nonce seen once is worth nothing to an injected script.
    const second = await fetchRaw("/login");
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
  });

  it("signed-in pages, the consent-style pages and error pages carry it too", async () => {
    const pages = {
      dashboard: await fetchRaw("/data-connector/sources", { headers: { cookie: company.cookie } }),
      "link-to": await fetchRaw("/link-to/excel?uuid=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b", { headers: { cookie: company.cookie } }),
      "connected apps": await fetchRaw("/settings/connected-apps", { headers: { cookie: company.cookie } }),
      "not found": await fetchRaw("/link-to/nowhere?uuid=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b", { headers: { cookie: company.cookie } }),
      "bad link": await fetchRaw("/link-to/excel?uuid=1234", { headers: { cookie: company.cookie } }),
    };
    for (const [what, res] of Object.entries(pages)) {
      expect(`${res.status} ${res.headers.get("content-type")} ${res.headers.get("location")}`, what).toMatch(/^\d+ text\/html/);
      const d = directives(res.headers.get("content-security-policy") ?? "");
      expect(d.get("frame-ancestors"), what).toEqual(["'self'"]);
      expect(d.get("script-src")?.[1], what).toMatch(/^'nonce-/);
    }
    expect(pages["not found"].status).toBe(404);
    expect(pages["bad link"].status).toBe(400);
  });
});
