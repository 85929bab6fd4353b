// Snowflake's SQL surface for what we do, and how the form's settings become snowflake-sdk options.
// Identifiers: Snowflake folds unquoted names to upper case, so a plain name (letters, digits, _) is
// written upper-cased inside quotes: the table "daily_stats" becomes DAILY_STATS and users can query
// it unquoted, as they would any Snowflake table. Other names (user renames with spaces) stay as
// typed, quoted. describeTable refuses names equal but for case, so folding never merges two columns.
import type { OutboundGuard } from "../../core/outbound.js";
import { DestinationError } from "../errors.js";
import type { SqlDialect } from "../sql.js";
import type { ColumnType } from "../types.js";

const TYPES: Record<ColumnType, string> = {
  text: "VARCHAR",
  double: "FLOAT",
  date: "DATE",
  timestamp: "TIMESTAMP_NTZ",
  boolean: "BOOLEAN",
};

const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The name Snowflake stores for an identifier we write (unquoted semantics for plain names). */
export function storedName(identifier: string): string {
  return PLAIN.test(identifier) ? identifier.toUpperCase() : identifier;
}

export const snowflakeDialect: SqlDialect = {
  name: "snowflake",
  quote: (identifier) => `"${storedName(identifier).replace(/"/g, '""')}"`,
  typeName: (type) => TYPES[type],
  placeholder: () => "?",
  // Bound values per INSERT: well under the statement limits, and each INSERT stays one round trip.
  maxParams: 16_384,
};

export interface SnowflakeSettings {
  /** The form's Host: an account URL (xy12345.eu-west-1.snowflakecomputing.com), or an account identifier (myorg-myaccount). */
  host: string;
  username: string;
  password: string;
  /** The form's Database: "DATABASE" or "DATABASE.SCHEMA". */
  database: string;
  warehouse?: string;
  role?: string;
  /** Operator-only override (never on the form): where the Snowflake API is, e.g. http://127.0.0.1:8080 for a local fake. */
  endpoint?: string;
  /** The host is the tenant's: the driver connects only to addresses the guard checked. */
  outbound: OutboundGuard;
}

export interface SnowflakeConnectionOptions {
  account: string;
  username: string;
  password: string;
  database: string;
  schema?: string;
  warehouse?: string;
  role?: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
const ACCOUNT = /^[A-Za-z0-9_-]+$/;

function refuse(message: string): DestinationError {
  return new DestinationError("snowflake", "config", message);
}

/**
 * The form's Host (and the operator's endpoint) as snowflake-sdk options. Plain HTTP is accepted
 * for loopback addresses only (a local fake); everything else goes over HTTPS.
 */
export function connectionOptions(s: Omit<SnowflakeSettings, "outbound">): SnowflakeConnectionOptions {
  const [database, schema, extra] = s.database.trim().split(".");
  if (!database || extra !== undefined || schema === "") throw refuse('The database must be "DATABASE" or "DATABASE.SCHEMA".');
  const base = { username: s.username, password: s.password, database, schema: schema || undefined, warehouse: s.warehouse || undefined, role: s.role || undefined };

  const raw = s.host.trim().replace(/\/+$/, "");
  if (!raw) throw refuse("You need to put a host.");
  const url = parseHost(s.endpoint?.trim() || raw);
  // Without a dot the Host is an account identifier: the driver builds <account>.snowflakecomputing.com.
  const formHost = parseHost(raw).hostname;
  // A local fake (loopback or an IP address) has no account in its name: any identifier does.
  const account = LOOPBACK.has(formHost) || /^[\d.]+$/.test(formHost) ? "local" : formHost.split(".")[0]!;
  if (!ACCOUNT.test(account)) throw refuse(`"${s.host}" is not a Snowflake account host (e.g. xy12345.eu-west-1.snowflakecomputing.com).`);
  if (!s.endpoint && !raw.includes("://") && !formHost.includes(".") && url.port === "") return { ...base, account };

  const protocol = url.protocol === "http:" ? "http" : "https";
  if (protocol === "http" && !LOOPBACK.has(url.hostname)) throw refuse("Snowflake is reached over HTTPS: use an https:// address.");
  return { ...base, account, host: url.hostname, port: url.port ? Number(url.port) : undefined, protocol };
}

function parseHost(value: string): URL {
  try {
    return new URL(value.includes("://") ? value : `https://${value}`);
  } catch {
    throw refuse(`"${value}" is not a Snowflake account host (e.g. xy12345.eu-west-1.snowflakecomputing.com).`);
  }
}
