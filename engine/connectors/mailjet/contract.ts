import { MAILJET_CREDENTIAL, startMailjetFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("mailjet", startMailjetFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: MAILJET_CREDENTIAL });
