import { PIPEDRIVE_APP, PIPEDRIVE_CREDENTIAL, startPipedriveFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("pipedrive", startPipedriveFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: PIPEDRIVE_CREDENTIAL, app: PIPEDRIVE_APP });
