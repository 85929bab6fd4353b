// PostgreSQL and Redshift share their SQL surface for what we do; they differ in type names (Redshift's
// TEXT is VARCHAR(256), so long strings need VARCHAR(65535)), in indexes (Redshift has none) and in
// how a load is streamed (COPY FROM STDIN on PostgreSQL; Redshift's COPY reads only from S3, so
// multi-row INSERT there: https://docs.aws.amazon.com/redshift/latest/dg/c_best-practices-multi-row-inserts.html).
import { doubleQuote, type SqlDialect } from "../sql.js";
import type { ColumnType } from "../types.js";

const PG_TYPES: Record<ColumnType, string> = {
  text: "TEXT",
  double: "DOUBLE PRECISION",
  date: "DATE",
  timestamp: "TIMESTAMP",
  boolean: "BOOLEAN",
};

export const postgresDialect: SqlDialect = {
  name: "postgres",
  quote: doubleQuote,
  typeName: (type) => PG_TYPES[type],
  placeholder: (i) => `$${i}`,
  maxParams: 65535,
};

export const redshiftDialect: SqlDialect = {
  name: "redshift",
  quote: doubleQuote,
  typeName: (type) => (type === "text" ? "VARCHAR(65535)" : PG_TYPES[type]),
  placeholder: (i) => `$${i}`,
  // Redshift caps a statement at 16 MB; 32767 parameters keeps well under it for our rows.
  maxParams: 32767,
};
