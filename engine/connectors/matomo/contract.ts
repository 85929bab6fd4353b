import { MATOMO_CREDENTIAL, startMatomoFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("matomo", startMatomoFake, { report: "channels", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: MATOMO_CREDENTIAL });
