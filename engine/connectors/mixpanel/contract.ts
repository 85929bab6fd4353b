import { MIXPANEL_SECRET, MIXPANEL_USER, startMixpanelFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("mixpanel", startMixpanelFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: MIXPANEL_USER, secret: MIXPANEL_SECRET } });
