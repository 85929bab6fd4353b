import { ACTIVE_CAMPAIGN_CREDENTIAL, startActiveCampaignFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("active-campaign", startActiveCampaignFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: ACTIVE_CAMPAIGN_CREDENTIAL });
