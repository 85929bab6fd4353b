import { FB_PUBLIC_CREDENTIAL, startFacebookPublicDataFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { META_APP } from "../../../tests/fakes/support/meta-graph.js";

export const contract = contractOf("facebook-public-data", startFacebookPublicDataFake, { report: "posts", range: { start: "2025-02-01", end: "2025-02-03" }, accounts: ["5550001"] }, { credential: FB_PUBLIC_CREDENTIAL, app: META_APP });
