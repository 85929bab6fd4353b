import { z } from "zod";
import { idField } from "../../lib/ids.js";

/** Destination types a connection can name by hand: the query URL formats, the BI add-ons, and the configured destination types. */
export const CONNECTION_DESTINATION_TYPES = [
  { value: "JSON", label: "Query URL (JSON)" },
  { value: "CSV", label: "Query URL (CSV)" },
  { value: "TABLEAU", label: "Tableau" },
  { value: "POWERBI", label: "Power BI" },
  { value: "LOOKER_STUDIO", label: "Looker Studio" },
  { value: "GOOGLE_SHEETS", label: "Google Sheets" },
  { value: "EXCEL", label: "Microsoft Excel" },
  { value: "API", label: "API" },
] as const;

/** Spec 2 §5 destination/connection messages. */
export const ConnectionSchema = z.object({
  name: z.string({ error: "You need to set a name to the connection." }).trim().min(1, "You need to set a name to the connection.").max(200),
  dataSourceId: idField("You need to set at least one accounts."),
  destinationType: z.string({ error: "You need to set a destination to the connection." }).trim().min(1, "You need to set a destination to the connection.").max(60),
});
