// MySQL / MariaDB: backtick quoting, `?` placeholders. TEXT cannot be indexed without a prefix, so
// the account id (always indexed) is VARCHAR(255) and text partition columns VARCHAR(255) too.
import type { SqlDialect } from "../sql.js";
import type { ColumnType } from "../types.js";

const TYPES: Record<ColumnType, string> = {
  text: "LONGTEXT",
  double: "DOUBLE",
  date: "DATE",
  timestamp: "DATETIME",
  boolean: "BOOLEAN",
};

export const mysqlDialect: SqlDialect = {
  name: "mysql",
  quote: (identifier) => `\`${identifier.replace(/`/g, "``")}\``,
  typeName: (type, role) => (type === "text" && role !== "plain" ? "VARCHAR(255)" : TYPES[type]),
  placeholder: () => "?",
  maxParams: 65535,
};
