import { startTradeDeskFake, TTD_APP, TTD_LOGIN } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("the-trade-desk", startTradeDeskFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: TTD_LOGIN.key, secret: TTD_LOGIN.secret }, app: TTD_APP });
