import { ADOBE_CREDENTIAL, startAdobeFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("adobe-analytics", startAdobeFake, { report: "channels", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: ADOBE_CREDENTIAL });
