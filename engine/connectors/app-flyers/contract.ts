import { APPSFLYER_TOKEN, startAppsFlyerFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("app-flyers", startAppsFlyerFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: APPSFLYER_TOKEN } });
