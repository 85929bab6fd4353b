import { PLAY_APP, PLAY_CREDENTIAL, startGooglePlayStoreFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("google-play-store", startGooglePlayStoreFake, { report: "installs", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: PLAY_CREDENTIAL, app: PLAY_APP });
