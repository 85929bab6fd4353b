// The profitwell catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("profitwell", "ProfitWell", "PAYMENT", { formRoute: "/profitwell", connectionFields: apiKeyOnly(), color: "#2d5bff", monogram: "PW" });
