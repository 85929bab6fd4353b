import { startWebsiteFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

const today = new Date().toISOString().slice(0, 10);
// A check reads now; the redaction check needs a 6+ character key, which is never sent.
export const contract = contractOf("website", startWebsiteFake, { range: { start: today, end: today } }, { credential: { type: "api-key", key: "void-never-sent", options: { url: "https://www.acme.example/" } } });
