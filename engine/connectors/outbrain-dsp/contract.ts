import { DSP_CLIENT, startOutbrainDspFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("outbrain-dsp", startOutbrainDspFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: DSP_CLIENT.key, secret: DSP_CLIENT.secret } });
