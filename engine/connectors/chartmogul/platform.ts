// The chartmogul catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("chartmogul", "ChartMogul", "PAYMENT", { formRoute: "/chartmogul", connectionFields: apiKeyOnly(), color: "#13324b", monogram: "CM" });
