import { BING_CREDENTIAL, startBingWebmasterFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("bing-webmaster-tool", startBingWebmasterFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: BING_CREDENTIAL });
