// What the generators of SDK-derived catalogues share (bing-ads, pinterest-ads): a folder's
// sdk-metadata.json (written by scripts/catalogues/extract-sdk-metadata.py) becomes its
// catalogue.generated.ts, a record of column records and a list of report types. Generator-only:
// nothing the connectors load at run time imports this.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CatalogueColumn } from "./column-catalogue.js";

/** What every snapshot says of where it comes from. */
export interface SdkSnapshot {
  package: string;
  version: string;
  source: string;
  sha256: string;
}

/** Two columns on one id would be one field: refused, except where `mayShare` says the platform never reports both together. */
export function assertDistinctIds(platform: string, columns: readonly CatalogueColumn[], mayShare: (id: string) => boolean = () => false): void {
  const ids = new Map<string, string>();
  for (const c of columns) {
    const other = ids.get(c.id);
    if (other && !mayShare(c.id)) throw new Error(`${platform} columns ${other} and ${c.column} both become ${c.id}`);
    ids.set(c.id, c.column);
  }
}

/** The generated file's column record and report list, under the platform's constant names. */
export function columnsAndReportsSource(names: { columns: string; reports: string; reportType: string }, columns: readonly CatalogueColumn[], reports: readonly object[]): string[] {
  return [
    `export const ${names.columns}: Readonly<Record<string, CatalogueColumn>> = {`,
    ...columns.map((c) => `  ${c.column}: ${JSON.stringify(c)},`),
    `};`,
    ``,
    `export const ${names.reports}: readonly ${names.reportType}[] = [`,
    ...reports.map((r) => `  ${JSON.stringify(r)},`),
    `];`,
    ``,
  ];
}

/** sdk-metadata.json and catalogue.generated.ts of the generator's folder (`import.meta.url`). */
export function sdkCatalogueFiles(generatorUrl: string): { snapshot: string; generated: string } {
  return { snapshot: fileURLToPath(new URL("./sdk-metadata.json", generatorUrl)), generated: fileURLToPath(new URL("./catalogue.generated.ts", generatorUrl)) };
}

/** Writes the folder's catalogue.generated.ts when the generator is run as a script (npx tsx .../generate-catalogue.ts). */
export function writeWhenRun<S extends SdkSnapshot>(generatorUrl: string, generate: (snapshot: S) => string): void {
  if (!process.argv[1] || fileURLToPath(generatorUrl) !== process.argv[1]) return;
  const files = sdkCatalogueFiles(generatorUrl);
  writeFileSync(files.generated, generate(JSON.parse(readFileSync(files.snapshot, "utf8")) as S));
  console.log(`wrote ${files.generated}`);
}
