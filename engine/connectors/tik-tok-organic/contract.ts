import { startTikTokOrganicFake, TO_APP, TO_CREDENTIAL } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("tik-tok-organic", startTikTokOrganicFake, { report: "account", range: { start: "2025-03-01", end: "2025-03-03" } }, { credential: TO_CREDENTIAL, app: TO_APP });
