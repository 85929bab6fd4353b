import { BRANCH_KEY, BRANCH_SECRET, startBranchFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("branch", startBranchFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: BRANCH_KEY, secret: BRANCH_SECRET } });
