// Output formats by query-URL name. Tableau and Power BI shapes plug in here as more entries.
import { InvalidRequestError } from "../../core/errors.js";
import { csvFormat } from "./csv.js";
export { csvRecords } from "./csv.js";
import { jsonFormat } from "./json.js";
import { powerbiFormat } from "./powerbi.js";
import { tableauFormat } from "./tableau.js";
import type { OutputFormat } from "./types.js";

export type { FormatOptions, OutputFormat } from "./types.js";

export const FORMATS: Record<string, OutputFormat> = {
  json: jsonFormat,
  csv: csvFormat,
  tableau: tableauFormat,
  powerbi: powerbiFormat,
};

export function getFormat(id: string): OutputFormat {
  const format = FORMATS[id];
  if (!format) throw new InvalidRequestError(`Unknown format "${id}". Available formats: ${Object.keys(FORMATS).join(", ")}.`);
  return format;
}
