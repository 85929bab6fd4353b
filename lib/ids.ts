// Row ids typed by a tenant (URL segments, hidden fields, query parameters) are hostile until
// checked (docs/decisions/0830-reading-and-refusing-input.md). One rule for the app (and the form
// schemas the browser also runs), the services and the repositories.
import { z } from "zod";

/**
 * The largest row id: the tables' ids are PostgreSQL `serial` (int4). A larger number is not a
 * missing row but a query error ("out of range for type integer"), so it is refused before any
 * query runs, like 2^53 + 1, 1e309, 0, -1 or "12abc".
 */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether a number (already parsed, e.g. by a form schema) can be a row id. */
export function isRowId(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n > 0 && n <= MAX_ROW_ID;
}

/** The id written in `raw` (decimal digits only), or null when it cannot name a row. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === "number") return isRowId(raw) ? raw : null;
  if (typeof raw !== "string" || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_ROW_ID ? id : null;
}

/** A form field holding a row id: anything that cannot name a row is a field error with `message`. */
export function idField(message = "This item does not exist.") {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ROW_ID, message);
}
