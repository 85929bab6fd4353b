import { FB_CATALOG_APP, FB_CATALOG_CREDENTIAL, startFacebookCatalogFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("facebook-catalog", startFacebookCatalogFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: FB_CATALOG_CREDENTIAL, app: FB_CATALOG_APP });
