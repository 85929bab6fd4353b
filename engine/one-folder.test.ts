// The one-folder rule (decision 0870, docs/adding-a-connector.md): a platform added as nothing but
// its folder is registered, listed by the catalogue with its connector's auth method, and passes the
// connector contract. Proven on a copy of the engine holding the demo connector and
// engine/fixture-connectors/acme-shop, with the real generator, registry, catalogue and contract.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type * as Catalogue from "./catalogue/index.js";
import type * as ContractSuite from "./connectors/contract-suite.js";
import type * as Registry from "./connectors/registry.js";
import { ENGINE_DIR, writeFolderIndexes } from "./folder-index.js";

const repoRoot = join(ENGINE_DIR, "..");
const KEPT_CONNECTORS = new Set(["demo", "shared"]);

const copy = mkdtempSync(join(tmpdir(), "signalpost-one-folder-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

// The engine without its other connector folders, the fakes' support code, and node_modules for bare imports.
cpSync(ENGINE_DIR, join(copy, "engine"), {
  recursive: true,
  filter: (src) => {
    const [top, name] = relative(ENGINE_DIR, src).split(sep);
    if (top === "fixture-connectors") return false;
    const otherConnectorFolder = top === "connectors" && name !== undefined && !name.includes(".") && !KEPT_CONNECTORS.has(name);
    return !otherConnectorFolder;
  },
});
cpSync(join(repoRoot, "tests/fakes/support"), join(copy, "tests/fakes/support"), { recursive: true });
symlinkSync(join(repoRoot, "node_modules"), join(copy, "node_modules"), "dir");

// Adding the platform: its folder, and nothing else.
cpSync(join(ENGINE_DIR, "fixture-connectors/acme-shop"), join(copy, "engine/connectors/acme-shop"), { recursive: true });
const written = writeFolderIndexes(join(copy, "engine"));

const load = <T>(path: string) => import(pathToFileURL(join(copy, "engine", path)).href) as Promise<T>;
const registry = await load<typeof Registry>("connectors/registry.ts");
const catalogue = await load<typeof Catalogue>("catalogue/index.ts");
const suite = await load<typeof ContractSuite>("connectors/contract-suite.ts");
const fixtures = await suite.loadContractFixtures(join(copy, "engine/connectors"));

describe("a connector added as one folder", () => {
  it("is listed by the regenerated connector index", () => {
    expect(written.map((p) => relative(copy, p))).toContain(join("engine", "connectors", "folders.generated.ts"));
  });

  it("is registered", () => {
    expect(registry.listConnectors().map((c) => c.id)).toEqual(["acme-shop", "demo"]);
    expect(registry.getConnector("acme-shop").id).toBe("acme-shop");
  });

  it("is in the catalogue, implemented, with the auth method its connector states", () => {
    expect(catalogue.listPlatforms().map((p) => p.id)).toEqual(["acme-shop", "demo"]);
    expect(catalogue.getPlatform("acme-shop")).toMatchObject({
      displayName: "Acme Shop",
      category: "E-COMMERCE",
      flag: "new",
      formRoute: "/acme-shop",
      authMethod: registry.getConnector("acme-shop").authMethod,
      implemented: true,
    });
  });

  it("has its contract fixture and fake in the folder", () => {
    expect(fixtures.get("acme-shop")?.startFake).toBeTypeOf("function");
  });
});

describe("the contract, for the one-folder connector", () => {
  suite.contractSuite(registry.getConnector("acme-shop"), fixtures.get("acme-shop"));
});
