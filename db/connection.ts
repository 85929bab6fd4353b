import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { RememberingCamelCasePlugin } from "./camel-case.js";
import { createPgPool } from "./pg-clients.js";
import type { Database } from "./schema.js";

// BIGINT and NUMERIC come back as strings by default; counts and money we keep as JS numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type DB = Kysely<Database>;

export function createDb(connectionString: string, opts: { max?: number } = {}): DB {
  const pool = createPgPool({ connectionString, max: opts.max ?? 10 }, { label: "db" });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new RememberingCamelCasePlugin()],
  });
}
