// The brevo catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("brevo", "Brevo", "EMAILING", { formRoute: "/brevo", connectionFields: apiKeyOnly(), color: "#0b996e" });
