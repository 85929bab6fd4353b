import { IG_PUBLIC_CREDENTIAL, startInstagramPublicDataFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { META_APP } from "../../../tests/fakes/support/meta-graph.js";

export const contract = contractOf("instagram-public-data", startInstagramPublicDataFake, { report: "media", range: { start: "2025-03-08", end: "2025-03-10" }, accounts: ["rival.bakery"] }, { credential: IG_PUBLIC_CREDENTIAL, app: META_APP });
