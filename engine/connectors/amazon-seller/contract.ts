import { AMAZON_SELLER_APP, AMAZON_SELLER_CREDENTIAL, startAmazonSellerFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("amazon-seller", startAmazonSellerFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: AMAZON_SELLER_CREDENTIAL, app: AMAZON_SELLER_APP });
