import { startInstagramFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { META_APP } from "../../../tests/fakes/support/meta-graph.js";

export const contract = contractOf("instagram", startInstagramFake, { report: "account", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "oauth2", accessToken: "EAAGinstagram-user-token-0123456789" }, app: META_APP });
