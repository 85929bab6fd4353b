import { startXandrFake, XANDR_LOGIN } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("xandr", startXandrFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: XANDR_LOGIN.key, secret: XANDR_LOGIN.secret } });
