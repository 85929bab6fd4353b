// Keeps docs/connector-coverage.md true (issue 10 item 3) and tracks the goal: a real
// connector for every catalogue platform.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getConnector } from "./connectors/registry.js";
import { behavioursOf, buildCoverage, COVERAGE_FILE, missingConnectors, renderCoverage, repoRoot } from "./coverage.js";

const rows = await buildCoverage();
const missing = missingConnectors(rows);
if (missing.length > 0) console.info(`Catalogue platforms without a connector yet (${missing.length}): ${missing.join(", ")}`);

describe("connector coverage report", () => {
  it(`${COVERAGE_FILE} is up to date (regenerate with: npm run engine -- coverage)`, () => {
    const committed = readFileSync(join(repoRoot, COVERAGE_FILE), "utf8");
    expect(committed, `${COVERAGE_FILE} is stale: run npm run engine -- coverage and commit it`).toBe(renderCoverage(rows));
  });

  it("lists every catalogue platform once, with fields and a restatement window for each connector", () => {
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const row of rows.filter((r) => r.implemented)) {
      expect(row.fields, row.id).toBeGreaterThan(0);
      expect(row.restatementDays, row.id).toBeGreaterThanOrEqual(0);
    }
  });

  it("reads behaviours from test titles and behaviour-suite keys", () => {
    const titles = `it("reads a single page", ...); it("pages with page_token", ...); test("maps 401 to a config error", ...)`;
    expect(behavioursOf([titles])).toEqual(["single page", "pagination", "401 → config"]);
    const suite = `behaviourSuite({ tokenRefresh: true, more: { "polls a pending job": async () => {} } })`;
    expect(behavioursOf([suite])).toEqual(["single page", "pagination", "empty", "401 → config", "429 → retry", "5xx → retry", "token refresh", "accounts", "async job"]);
    expect(behavioursOf([])).toEqual([]);
  });

  // Issue 17's goals for the generated catalogues, read from the same rows the report prints.
  it("the generated field catalogues meet issue 17's goals", () => {
    const groups = (id: string) => {
      const coverage = rows.find((r) => r.id === id)?.fieldCoverage;
      expect(coverage, `${id} has no field-coverage.ts`).toBeDefined();
      return new Map(coverage!.groups.map((g) => [g.label, g]));
    };
    const google = groups("google-ads");
    expect(google.get("metrics")!.offered).toBeGreaterThanOrEqual(300);
    expect(google.get("segments")!.offered).toBeGreaterThanOrEqual(150);
    const meta = groups("facebook-ads");
    expect(meta.get("insights fields")!.offered).toBeGreaterThanOrEqual(180);
    expect(meta.get("breakdowns")!.offered).toBeGreaterThanOrEqual(80);
    expect([...groups("google-analytics").values()].every((g) => g.offered > 0)).toBe(true);
    for (const id of ["bing-ads", "linkedin", "tik-tok", "pinterest-ads", "snapchat-ads", "amazon-ads", "twitter-ads"]) {
      for (const g of groups(id).values()) expect(g.offered / g.platform!, `${id}: ${g.label}`).toBeGreaterThanOrEqual(0.9);
    }
  });

  // One catalogue for every screen (issue 17 item 1): pickers group by category and explain each
  // field. GA4's categories come from each property's metadata, so its account-less list is left out.
  it("every field of the generated catalogues carries a category and a description", async () => {
    const problems: string[] = [];
    for (const row of rows.filter((r) => r.fieldCoverage && r.id !== "google-analytics")) {
      const connector = getConnector(row.id);
      for (const report of row.reports.length > 0 ? row.reports : [undefined]) {
        for (const f of await connector.listFields(undefined, { report })) {
          if (!f.category?.trim() || !f.description.trim()) problems.push(`${row.id}/${report}: ${f.id}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  // The goal ("the coverage report shows no gaps"). Skipped while connectors are missing;
  // it turns itself on, and must then pass, once the last one lands.
  it.skipIf(missing.length > 0)(`every catalogue platform has a connector (issue 10 goal; missing ${missing.length}: ${missing.join(", ")})`, () => {
    expect(missing, `catalogue platforms without a connector: ${missing.join(", ")}`).toEqual([]);
  });
});
