// The custom GAQL report: a user's own query, checked before it is sent. GAQL is read-only, but
// the text still comes from a tenant, so it is held to the grammar we accept:
//   SELECT <known fields> FROM <resource> [WHERE <conditions>] [ORDER BY <fields>] [LIMIT <n>]
// (no PARAMETERS clause, no comments, no second statement). The request's date range is ours: it
// is added to the WHERE, and a user's own segments.date condition is refused.
// https://developers.google.com/google-ads/api/docs/query/grammar
import { InvalidRequestError } from "../../core/errors.js";
import type { DateRange } from "../../core/types.js";
import type { GeneratedGaqlField } from "./gaql-field.js";
import { dateCondition } from "./gaql.js";

export interface CustomGaql {
  resource: string;
  /** The SELECT list, as catalogue fields, in the query's order. */
  fields: GeneratedGaqlField[];
  /** The query to send, with the date range added. */
  query(range: DateRange): string;
}

const CLAUSES = /^SELECT\s+(?<select>.+?)\s+FROM\s+(?<resource>[a-z_]+)(?:\s+WHERE\s+(?<where>.+?))?(?:\s+ORDER\s+BY\s+(?<order>.+?))?(?:\s+LIMIT\s+(?<limit>\d+))?$/is;
const ORDER_ITEM = /^([a-z0-9_.]+)(\s+(ASC|DESC))?$/i;
/** One condition of a WHERE: a field, an operator, and a literal or a list of literals. */
const CONDITION =
  /^([a-z0-9_.]+)\s+(!=|>=|<=|=|>|<|NOT IN|IN|LIKE|NOT LIKE|CONTAINS ANY|CONTAINS ALL|CONTAINS NONE|IS NULL|IS NOT NULL|DURING|BETWEEN|REGEXP_MATCH|NOT REGEXP_MATCH)\s*(.*)$/i;
const LITERAL = /^('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?|[A-Z_]+|\((\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?|[A-Z_]+)\s*,?)+\))?$/;

function fail(message: string): never {
  throw new InvalidRequestError(`The GAQL query is not accepted: ${message}`);
}

/** Splits on AND outside quoted strings (GAQL has no OR and no parentheses for grouping). */
function conditions(where: string): string[] {
  const out: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < where.length; i++) {
    const c = where[i];
    if (quote) {
      current += c;
      if (c === "\\") current += where[++i] ?? "";
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    if (!quote && /^\s+AND\s+/i.test(where.slice(i)) && /\s/.test(c)) {
      const match = /^\s+AND\s+/i.exec(where.slice(i))!;
      out.push(current.trim());
      current = "";
      i += match[0].length - 1;
      continue;
    }
    current += c;
  }
  if (quote) fail("a quoted string is not closed.");
  out.push(current.trim());
  return out;
}

/** Line breaks and runs of spaces outside quoted strings become one space; inside them they are refused. */
function collapseWhitespace(text: string): string {
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\n" || c === "\r") fail("a quoted string spans lines.");
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === quote) quote = null;
    } else if (/\s/.test(c)) {
      if (!out.endsWith(" ")) out += " ";
    } else {
      if (c === "'" || c === '"') quote = c;
      out += c;
    }
  }
  return out.trim();
}

export function parseCustomGaql(text: unknown, fieldByGaql: ReadonlyMap<string, GeneratedGaqlField>, resources: ReadonlySet<string>): CustomGaql {
  if (typeof text !== "string" || text.trim() === "") fail("write a query in the GAQL option (options_gaql), e.g. SELECT campaign.name, metrics.clicks FROM campaign.");
  if (text.length > 10_000) fail("it is longer than 10,000 characters.");
  const query = collapseWhitespace(text.trim().replace(/;\s*$/, ""));
  if (/[;]|--|\/\*|\bPARAMETERS\b/i.test(query.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''"))) {
    fail("only one SELECT ... FROM ... [WHERE ...] [ORDER BY ...] [LIMIT n] statement, without comments or PARAMETERS.");
  }
  const m = CLAUSES.exec(query);
  if (!m?.groups) fail("it must read SELECT <fields> FROM <resource> [WHERE ...] [ORDER BY ...] [LIMIT n].");
  const { select, resource, where, order, limit } = m.groups;
  if (!resources.has(resource)) fail(`FROM ${resource} is not one of the resources we read (${[...resources].sort().join(", ")}).`);
  const names = select.split(",").map((s) => s.trim());
  const fields: GeneratedGaqlField[] = [];
  for (const name of names) {
    const field = fieldByGaql.get(name);
    if (!field) fail(`${name || "an empty column"} is not a Google Ads field of this catalogue.`);
    if (!fields.includes(field)) fields.push(field);
  }
  const whereParts = where ? conditions(where) : [];
  for (const part of whereParts) {
    const c = CONDITION.exec(part);
    if (!c) fail(`"${part}" is not a condition (field operator value).`);
    if (!fieldByGaql.has(c[1])) fail(`${c[1]} in WHERE is not a Google Ads field of this catalogue.`);
    if (c[1] === "segments.date") fail("segments.date comes from the request's date range; remove it from WHERE.");
    const operator = c[2].toUpperCase();
    const value = c[3].trim();
    if (operator === "BETWEEN") {
      if (!/^('[^']*'|-?\d+(\.\d+)?)\s+AND\s+('[^']*'|-?\d+(\.\d+)?)$/i.test(value)) fail(`"${part}": BETWEEN needs two literals.`);
    } else if (/^IS( NOT)? NULL$/.test(operator)) {
      if (value !== "") fail(`"${part}": IS NULL takes no value.`);
    } else if (!LITERAL.test(value) || value === "") fail(`"${part}": the value must be a quoted string, a number, an enum constant or a list of them.`);
  }
  for (const item of order ? order.split(",").map((s) => s.trim()) : []) {
    const o = ORDER_ITEM.exec(item);
    if (!o || !fieldByGaql.has(o[1])) fail(`ORDER BY ${item} is not a Google Ads field of this catalogue.`);
  }
  if (limit !== undefined && (Number(limit) < 1 || Number(limit) > 1_000_000)) fail("LIMIT must be between 1 and 1,000,000.");
  return {
    resource,
    fields,
    query(range) {
      const all = [dateCondition(range), ...whereParts];
      return `SELECT ${fields.map((f) => f.gaql).join(", ")} FROM ${resource} WHERE ${all.join(" AND ")}${order ? ` ORDER BY ${order.trim()}` : ""}${limit ? ` LIMIT ${limit}` : ""}`;
    },
  };
}
