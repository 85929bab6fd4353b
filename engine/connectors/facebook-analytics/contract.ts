import { startFacebookPagesFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { META_APP } from "../../../tests/fakes/support/meta-graph.js";

export const contract = contractOf("facebook-analytics", startFacebookPagesFake, { report: "page", range: { start: "2025-03-01", end: "2025-03-03" } }, { credential: { type: "oauth2", accessToken: "EAAGpages-user-token-0123456789" }, app: META_APP });
