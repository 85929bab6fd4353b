// Settings → Currency's form (decision 0930), shared by the page (conform, in the browser) and the
// server: route modules cannot take values from .server modules.
import { z } from "zod";

/** The form's schema: a code among the choices, or "" for no conversion (checked again on the server). */
export const ReportingCurrencySchema = z.object({
  currency: z
    .string()
    .trim()
    .max(3, "Choose a currency from the list")
    .regex(/^([A-Z]{3})?$/, "Choose a currency from the list")
    .default(""),
});

