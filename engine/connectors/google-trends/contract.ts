import { startGoogleTrendsFake, TRENDS_CREDENTIAL } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

// The redaction check needs a key of 6+ characters to look for; the connector never sends the
// form's fixed key, so a longer stand-in for "1".
export const contract = contractOf("google-trends", () => startGoogleTrendsFake(), { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { ...TRENDS_CREDENTIAL, key: "1-never-sent" } });
