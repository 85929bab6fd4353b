import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { startTwitterPublicDataFake, X_CREDENTIAL } from "./fake.js";

export const contract = contractOf("twitter-public-data", startTwitterPublicDataFake, { report: "tweets", range: { start: "2025-03-08", end: "2025-03-10" }, accounts: ["1400000000000000001"] }, { credential: X_CREDENTIAL });
