import { MMC_APP, MMC_CREDENTIAL, startMmcFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("microsoft-merchant-center", startMmcFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: MMC_CREDENTIAL, app: MMC_APP });
