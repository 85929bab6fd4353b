// What the contract test needs to exercise the demo connector. It has no fake: its data is local.
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "demo",
  // Long enough to be a recognisable secret for the redaction check; any "demo…" key connects.
  credential: { type: "api-key", key: "demo-contract-key-7f3a9c" },
  read: { report: "campaigns", range: { start: "2025-01-06", end: "2025-01-08" } },
};
