import { PIWIK_CREDENTIAL, startPiwikFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("piwik", startPiwikFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: PIWIK_CREDENTIAL });
