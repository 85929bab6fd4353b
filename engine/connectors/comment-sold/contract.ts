import { COMMENT_SOLD_CREDENTIAL, startCommentSoldFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("comment-sold", startCommentSoldFake, { report: "orders", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: COMMENT_SOLD_CREDENTIAL });
