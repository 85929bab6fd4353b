import { startTikTokDisplayFake, TT_APP, TT_CREDENTIAL } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("tik-tok-analytics", startTikTokDisplayFake, { report: "videos", range: { start: "2025-03-08", end: "2025-03-10" } }, { credential: TT_CREDENTIAL, app: TT_APP });
