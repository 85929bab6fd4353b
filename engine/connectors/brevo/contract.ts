import { BREVO_CREDENTIAL, startBrevoFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("brevo", startBrevoFake, { report: "transactional", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: BREVO_CREDENTIAL });
