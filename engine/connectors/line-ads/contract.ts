import { LINE_ACCESS_KEY, LINE_GROUP, LINE_SECRET_KEY, startLineAdsFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("line-ads", startLineAdsFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: LINE_ACCESS_KEY, secret: LINE_SECRET_KEY, options: { groupId: LINE_GROUP } } });
