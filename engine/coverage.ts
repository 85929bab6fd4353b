// The connector coverage report (issue 10 item 3): one row per catalogue platform with what its
// connector offers and which behaviours its tests exercise against a fake. docs/connector-coverage.md
// is this module's output; engine/coverage.test.ts fails when the committed file is stale.
// Regenerate with: npm run engine -- coverage
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pathToFileURL } from "node:url";
import { listPlatforms } from "./catalogue/index.js";
import type { FieldCoverage } from "./connectors/field-coverage.js";
import { getConnector, hasConnector } from "./connectors/registry.js";

export const COVERAGE_FILE = "docs/connector-coverage.md";

const engineDir = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(engineDir, "..");

/**
 * The behaviours of the engine issue, each recognised in a connector's test titles (it/test) or
 * as a key of a table-driven behaviour suite (tests/fakes/support/behaviours.ts).
 */
export const BEHAVIOURS: readonly { id: string; label: string; key: string; title: RegExp }[] = [
  { id: "single-page", label: "single page", key: "singlePage", title: /single page|one page|reads (one|a) (day|page)|first page/i },
  { id: "pagination", label: "pagination", key: "pagination", title: /paginat|pages? (with|through|by|on)|several pages|next ?page|cursor|page_?token|offset|starting_after/i },
  { id: "empty", label: "empty", key: "empty", title: /empty|no rows|without (any )?(rows|data|transactions|orders)/i },
  { id: "401", label: "401 → config", key: "unauthorized", title: /\b401\b|unauthori[sz]ed|invalid (api )?key|rejected (the )?(key|token|credential)/i },
  { id: "429", label: "429 → retry", key: "rateLimited", title: /\b429\b|rate.?limit|throttl/i },
  { id: "5xx", label: "5xx → retry", key: "serverError", title: /\b5\d\d\b|5xx|server error/i },
  { id: "refresh", label: "token refresh", key: "tokenRefresh", title: /refresh/i },
  { id: "accounts", label: "accounts", key: "listAccounts", title: /lists? (the |its |every )?\w*\s?(accounts?|stores?|shops?|propert|profiles?|advertisers?|sites?|lists?|catalog|merchants?|marketplaces?|business)/i },
  { id: "async", label: "async job", key: "asyncReport", title: /pending|poll|async|report job/i },
];

export interface CoverageRow {
  id: string;
  name: string;
  category: string;
  authMethod: string;
  implemented: boolean;
  reports: string[];
  fields: number;
  restatementDays?: number;
  behaviours: string[];
  /** The platform's own field counts against the catalogue's (connectors/<id>/field-coverage.ts). */
  fieldCoverage?: FieldCoverage;
}

/** The connector folder's field-coverage.ts, when its catalogue is generated from platform metadata. */
async function fieldCoverageOf(id: string): Promise<FieldCoverage | undefined> {
  const file = join(engineDir, "connectors", id, "field-coverage.ts");
  if (!existsSync(file)) return undefined;
  return ((await import(pathToFileURL(file).href)) as { fieldCoverage?: FieldCoverage }).fieldCoverage;
}

/** Test titles of it()/test() calls and behaviour-suite keys in a connector's test files. */
export function behavioursOf(testSources: readonly string[]): string[] {
  const titles: string[] = [];
  const keys = new Set<string>();
  for (const source of testSources) {
    for (const m of source.matchAll(/\b(?:it|test)(?:\.\w+)*\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g)) titles.push(m[2]);
    const suite = /behaviou?rSuite\s*\(/.exec(source);
    if (suite) {
      // The suite always runs these; token refresh and extra cases only when the spec names them.
      for (const key of ["singlePage", "pagination", "empty", "unauthorized", "rateLimited", "serverError", "listAccounts"]) keys.add(key);
      for (const m of source.slice(suite.index).matchAll(/\b(\w+)\s*:/g)) keys.add(m[1]);
      for (const m of source.slice(suite.index).matchAll(/(["'`])((?:\\.|(?!\1).)*)\1\s*:/g)) titles.push(m[2]);
    }
  }
  return BEHAVIOURS.filter((b) => keys.has(b.key) || titles.some((t) => b.title.test(t))).map((b) => b.label);
}

function testSourcesOf(id: string): string[] {
  const dir = join(engineDir, "connectors", id);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".test.ts"))
    .sort()
    .map((f) => readFileSync(join(dir, f), "utf8"));
}

export async function buildCoverage(): Promise<CoverageRow[]> {
  const rows: CoverageRow[] = [];
  for (const platform of listPlatforms()) {
    const row: CoverageRow = {
      id: platform.id,
      name: platform.displayName,
      category: platform.category,
      authMethod: platform.authMethod,
      implemented: hasConnector(platform.id),
      reports: [],
      fields: 0,
      behaviours: [],
    };
    if (row.implemented) {
      const connector = getConnector(platform.id);
      const reports = await connector.listReports();
      row.reports = reports.map((r) => r.id);
      const ids = new Set<string>();
      for (const report of reports.length > 0 ? row.reports : [undefined]) {
        for (const field of await connector.listFields(undefined, { report })) ids.add(field.id);
      }
      row.fields = ids.size;
      row.restatementDays = connector.restatementDays;
      row.behaviours = behavioursOf(testSourcesOf(connector.id));
      row.fieldCoverage = await fieldCoverageOf(connector.id);
      if (connector.oauth1) row.authMethod = "oauth1.0a";
    }
    rows.push(row);
  }
  return rows.sort((a, b) => a.category.localeCompare(b.category) || a.id.localeCompare(b.id));
}

export function missingConnectors(rows: readonly CoverageRow[]): string[] {
  return rows.filter((r) => !r.implemented).map((r) => r.id);
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

export function renderCoverage(rows: readonly CoverageRow[]): string {
  const done = rows.filter((r) => r.implemented);
  const missing = missingConnectors(rows);
  const lines = [
    "# Connector coverage",
    "",
    "<!-- Generated by engine/coverage.ts: run `npm run engine -- coverage` after adding or changing a connector. engine/coverage.test.ts fails when this file is stale. -->",
    "",
    `${done.length} of ${rows.length} catalogue platforms have a real connector.` +
      (missing.length > 0 ? ` Missing (${missing.length}): ${missing.join(", ")}.` : " No gaps."),
    "",
    `Behaviours are the engine issue's connector tests against each platform's fake (engine/connectors/<id>/fake.ts), read from the connector's test files: ${BEHAVIOURS.map((b) => b.label).join(", ")}.`,
    "",
    "| Platform | Id | Category | Auth | Connector | Reports | Fields | Restatement (days) | Fake-tested behaviours |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    lines.push(
      `| ${cell(r.name)} | ${r.id} | ${r.category} | ${r.authMethod} | ${r.implemented ? "yes" : "**missing**"} | ${r.implemented ? cell(r.reports.join(", ") || "(single)") : ""} | ${r.implemented ? r.fields : ""} | ${r.restatementDays ?? ""} | ${r.behaviours.join(", ")} |`,
    );
  }
  const counted = rows.filter((r) => r.fieldCoverage);
  if (counted.length > 0) {
    lines.push(
      "",
      "## Field catalogues against the platform's own count",
      "",
      "Catalogues generated from the platform's own metadata (connectors/<id>/field-coverage.ts): how many of the platform's fields of each kind the connector offers.",
      "",
      "| Platform | Source of the platform's count | Offered / platform's count |",
      "| --- | --- | --- |",
    );
    for (const r of counted) {
      const groups = r.fieldCoverage!.groups.map((g) =>
        g.platform === null ? `${g.label}: all of each account's, read from the platform per account (${g.offered} known without a credential)` : `${g.label}: ${g.offered} / ${g.platform} (${Math.floor((g.offered / Math.max(g.platform, 1)) * 100)} %)`,
      );
      lines.push(`| ${cell(r.name)} | ${cell(r.fieldCoverage!.source)} | ${cell(groups.join("; "))} |`);
    }
  }
  return lines.join("\n") + "\n";
}

export async function generateCoverage(): Promise<string> {
  return renderCoverage(await buildCoverage());
}
