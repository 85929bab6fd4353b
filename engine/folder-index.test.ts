// The generated folder indexes (decision 0870) stay true to the folders, the generator refuses
// half-made folders, and each folder states its auth method once.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { definePlatform } from "./catalogue/define.js";
import { listPlatforms } from "./catalogue/index.js";
import { ConnectorFolderError, platformDefinition } from "./connectors/folder.js";
import { CONNECTOR_FOLDERS } from "./connectors/folders.generated.js";
import { getConnector } from "./connectors/registry.js";
import { demoConnector } from "./connectors/demo/connector.js";
import { DESTINATION_CATALOGUE, describeDestination, partitionFieldsProblem, withOperatorSettings } from "./destinations/catalogue.js";
import { DESTINATION_FOLDERS } from "./destinations/folders.generated.js";
import { DESTINATION_OPENERS } from "./destinations/openers.generated.js";
import { DestinationError } from "./destinations/errors.js";
import { getDestinationDefinition, openDestination } from "./destinations/registry.js";
import { ENGINE_DIR, folderIndexes, FolderIndexError, renderConnectorIndex, renderDestinationIndex } from "./folder-index.js";
import { outboundGuard } from "../lib/outbound/guard.js";

describe("generated folder indexes", () => {
  it.each(folderIndexes().map((f) => [f.path.slice(ENGINE_DIR.length + 1), f] as const))("%s matches the folders (regenerate with npm run generate)", (_name, file) => {
    expect(readFileSync(file.path, "utf8"), "stale: run npm run generate and commit the result").toBe(file.content);
  });

  it("lists every connector folder and every destination folder", () => {
    expect(CONNECTOR_FOLDERS.length).toBeGreaterThanOrEqual(97);
    expect(CONNECTOR_FOLDERS.map((f) => f.folder)).toContain("demo");
    expect(DESTINATION_FOLDERS.map((f) => f.folder).sort()).toEqual(Object.keys(DESTINATION_OPENERS).sort());
  });
});

describe("the generator", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const fresh = () => (dir = mkdtempSync(join(tmpdir(), "signalpost-folder-index-")));

  it("imports each platform entry and connector, skipping helper folders", () => {
    fresh();
    file("acme/platform.ts", "export const platform = {};\n");
    file("acme/connector.ts", "export const acmeConnector = {};\nexport const API_VERSION = 'v1';\n");
    file("soon/platform.ts", "export const platform = {};\n");
    file("shared/records.ts", "export const x = 1;\n");
    const out = renderConnectorIndex(dir);
    expect(out).toContain('import { acmeConnector } from "./acme/connector.js";');
    expect(out).toContain('{ folder: "acme", platform: acmePlatform, connector: acmeConnector },');
    expect(out).toContain('{ folder: "soon", platform: soonPlatform },');
    expect(out).not.toContain("shared");
  });

  it("adds a folder's normalized.ts (its mapping onto the normalized ads schema) to its entry", () => {
    fresh();
    file("acme/platform.ts", "export const platform = {};\n");
    file("acme/connector.ts", "export const acmeConnector = {};\n");
    file("acme/normalized.ts", "export const normalized = { reports: [] };\n");
    const out = renderConnectorIndex(dir);
    expect(out).toContain('import { normalized as acmeNormalized } from "./acme/normalized.js";');
    expect(out).toContain('{ folder: "acme", platform: acmePlatform, connector: acmeConnector, normalized: acmeNormalized },');
    file("soon/platform.ts", "export const platform = {};\n");
    file("soon/normalized.ts", "export const normalized = { reports: [] };\n");
    expect(() => renderConnectorIndex(dir)).toThrow(new FolderIndexError("engine/connectors/soon has normalized.ts but no connector.ts to read through."));
  });

  it("refuses a connector without its catalogue entry", () => {
    fresh();
    file("acme/connector.ts", "export const acmeConnector = {};\n");
    expect(() => renderConnectorIndex(dir)).toThrow(new FolderIndexError("engine/connectors/acme has connector.ts but no platform.ts (its catalogue entry)."));
  });

  it("refuses a connector.ts with no or two connector exports", () => {
    fresh();
    file("acme/platform.ts", "export const platform = {};\n");
    file("acme/connector.ts", "export const acmeConnector = {};\nexport const otherConnector = {};\n");
    expect(() => renderConnectorIndex(dir)).toThrow(/exactly one "export const <name>Connector"; found acmeConnector, otherConnector/);
    file("acme/connector.ts", "const acmeConnector = {};\n");
    expect(() => renderConnectorIndex(dir)).toThrow(/found none/);
  });

  it("refuses a destination folder without its entry or its opener", () => {
    fresh();
    file("acme-db/destination.ts", "export const destination = {};\n");
    expect(() => renderDestinationIndex(dir)).toThrow(/acme-db has destination.ts but no open.ts/);
    file("acme-db/open.ts", "export const open = () => {};\n");
    expect(renderDestinationIndex(dir)).toContain('{ folder: "acme-db", destination: acmeDb },');
    rmSync(join(dir, "acme-db/destination.ts"));
    expect(() => renderDestinationIndex(dir)).toThrow(/acme-db has open.ts but no destination.ts/);
  });
});

describe("a connector folder", () => {
  const entry = definePlatform("demo", "Demo Ads", "ADS");

  it("takes its auth method from its connector", () => {
    expect(platformDefinition({ folder: "demo", platform: entry, connector: demoConnector }).authMethod).toBe(demoConnector.authMethod);
  });

  it("states its auth method once: never in platform.ts when it has a connector", () => {
    const twice = { ...entry, authMethod: "oauth2" as const };
    expect(() => platformDefinition({ folder: "demo", platform: twice, connector: demoConnector })).toThrow(ConnectorFolderError);
    for (const folder of CONNECTOR_FOLDERS) if (folder.connector) expect(folder.platform.authMethod, folder.folder).toBeUndefined();
  });

  it("states it in platform.ts while it has no connector, and is then coming soon", () => {
    expect(() => platformDefinition({ folder: "demo", platform: entry })).toThrow(/must state its authMethod/);
    expect(platformDefinition({ folder: "demo", platform: { ...entry, authMethod: "api-key" } }).authMethod).toBe("api-key");
  });

  it("is named by its id, in platform.ts and connector.ts alike", () => {
    expect(() => platformDefinition({ folder: "demo-2", platform: entry, connector: demoConnector })).toThrow(/platform.ts says id "demo"/);
    for (const { folder, platform, connector } of CONNECTOR_FOLDERS) {
      expect(platform.id, folder).toBe(folder);
      if (connector) expect(connector.id, folder).toBe(folder);
    }
    expect(listPlatforms().map((p) => p.id).sort()).toEqual(CONNECTOR_FOLDERS.map((f) => f.folder));
    expect(getConnector("big-commerce").id).toBe("bigcommerce");
  });
});

describe("the catalogue and the registry", () => {
  const importsOf = (path: string) => [...readFileSync(join(ENGINE_DIR, path), "utf8").matchAll(/^import[^;]*?from "([^"]+)"/gms)].map((m) => m[1]);

  it("do not import each other", () => {
    for (const file of ["catalogue/index.ts", "catalogue/define.ts", "catalogue/types.ts", "catalogue/credential-form.ts"]) {
      expect(importsOf(file).filter((i) => i.includes("registry")), file).toEqual([]);
    }
    expect(importsOf("connectors/registry.ts").filter((i) => i.includes("catalogue")), "connectors/registry.ts").toEqual([]);
  });
});

/** Every engine file a module reaches through relative static and dynamic imports. */
function reachable(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((e) => join(ENGINE_DIR, e));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const ref of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (!ref.fileName.startsWith(".")) continue;
      const target = resolve(dirname(file), ref.fileName.replace(/\.js$/, ".ts"));
      if (existsSync(target)) queue.push(target);
      else if (existsSync(target.replace(/\.ts$/, ".tsx"))) queue.push(target.replace(/\.ts$/, ".tsx"));
    }
  }
  return seen;
}

describe("what the app bundles", () => {
  // The Remix server build follows these modules' imports (esbuild), dynamic ones included.
  const files = [...reachable(["index.ts", "destinations/index.ts", "connectors/registry.ts", "catalogue/index.ts"])].map((f) => relative(ENGINE_DIR, f));

  it("reaches every connector and every destination driver", () => {
    expect(files).toContain("connectors/shopify/connector.ts");
    expect(files).toContain("destinations/bigquery/loader.ts");
  });

  it("never reaches a fake, a contract fixture, a test or tests/", () => {
    expect(files.filter((f) => /(^|\/)(fake|fake-data|contract|contract-suite)\.ts$|\.test\.ts$|^\.\.\//.test(f))).toEqual([]);
  });
});

describe("destination folders", () => {
  it("give the catalogue in menu order, starting with BigQuery (spec 2 §2)", () => {
    expect(DESTINATION_CATALOGUE.map((d) => d.type)).toEqual(["big_query", "mysql", "postgres", "redshift", "azure_sql", "snowflake", "amazon_s3", "google_cloud_storage", "azure_blob_storage"]);
  });

  it("open through their folder's open.ts, and an unknown type is refused", async () => {
    const settings = { host: "127.0.0.1:1", username: "u", password: "p", database: "d" };
    for (const type of ["postgres", "redshift", "mysql"]) {
      const loader = await openDestination(type, settings, { outbound: outboundGuard() });
      expect(loader.type).toBe(type);
      await loader.close();
    }
    expect(() => getDestinationDefinition("oracle")).toThrow(DestinationError);
  });

  it("say which types take a single partition field", () => {
    expect(partitionFieldsProblem("big_query", ["date", "campaign_id"])).toBe("BigQuery takes a single partition field.");
    expect(partitionFieldsProblem("big_query", ["date"])).toBeUndefined();
    expect(partitionFieldsProblem("postgres", ["date", "campaign_id"])).toBeUndefined();
  });

  it("carry the formats their fields must have", () => {
    const dataset = describeDestination("big_query")!.fields.find((f) => f.name === "dataSetId")!;
    expect(dataset.pattern!.regex.test("marketing_2025")).toBe(true);
    expect(dataset.pattern!.regex.test("marketing-2025")).toBe(false);
    const database = describeDestination("snowflake")!.fields.find((f) => f.name === "database")!;
    expect(database.pattern!.regex.test("analytics.public")).toBe(true);
    expect(database.pattern!.regex.test("analytics")).toBe(false);
  });

  it("fill the operator's settings only where the destination has none", () => {
    const env = { BIGQUERY_API_ENDPOINT: "http://127.0.0.1:9050", BIGQUERY_TOKEN_URL: "http://127.0.0.1:9050/token" };
    expect(withOperatorSettings("big_query", { projectId: "p" }, env)).toEqual({ projectId: "p", endpoint: "http://127.0.0.1:9050", tokenUrl: "http://127.0.0.1:9050/token" });
    expect(withOperatorSettings("big_query", { endpoint: "https://bq.internal" }, env).endpoint).toBe("https://bq.internal");
    expect(withOperatorSettings("postgres", { host: "h" }, env)).toEqual({ host: "h" });
  });
});
