import { CHARTMOGUL_CREDENTIAL, startChartmogulFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("chartmogul", startChartmogulFake, { report: "metrics", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: CHARTMOGUL_CREDENTIAL });
