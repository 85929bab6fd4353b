import { MAGENTO_CREDENTIAL, startMagentoFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("magento", startMagentoFake, { report: "orders", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: MAGENTO_CREDENTIAL });
