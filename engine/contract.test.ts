// The contract every connector keeps. It walks the catalogue and the registry and picks up each
// connector's fixture from engine/connectors/<id>/contract.ts: a new connector is checked as
// soon as its folder exists, with no edit here (the checks are connectors/contract-suite.ts).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { getPlatform, listPlatforms } from "./catalogue/index.js";
import { contractSuite, loadContractFixtures } from "./connectors/contract-suite.js";
import { getConnector, listConnectors } from "./connectors/registry.js";
import { PlatformNotImplementedError } from "./core/errors.js";

const fixtures = await loadContractFixtures(join(dirname(fileURLToPath(import.meta.url)), "connectors"));
const connectors = listConnectors();

describe("catalogue and registry", () => {
  it("resolves every catalogue entry, and every implemented one to its connector", () => {
    for (const platform of listPlatforms()) {
      expect(getPlatform(platform.id).id).toBe(platform.id);
      if (platform.implemented) expect(getConnector(platform.id).id).toBe(platform.id);
      else expect(() => getConnector(platform.id)).toThrow(PlatformNotImplementedError);
    }
  });

  it("registers each connector once, under a catalogue id with the same auth method", () => {
    const ids = connectors.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const connector of connectors) expect(getPlatform(connector.id).authMethod, connector.id).toBe(connector.authMethod);
  });

  it("has a contract fixture for every registered connector", () => {
    for (const connector of connectors) expect(fixtures.has(connector.id), `engine/connectors/${connector.id}/contract.ts`).toBe(true);
  });
});

describe.each(connectors.map((c) => [c.id, c] as const))("connector %s", (id, connector) => contractSuite(connector, fixtures.get(id)));
