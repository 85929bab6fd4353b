// Snowflake (decision 0415): the database field names a database and a schema.
import { defineDestination, sqlFields } from "../entry.js";

export const destination = defineDestination({
  type: "snowflake",
  identifier: "SNOWFLAKE",
  label: "Snowflake",
  kind: "sql",
  partition: "multiple",
  order: 60,
  fields: sqlFields({ placeholder: "database.schema", pattern: { regex: /^[^.\s]+\.[^.\s]+$/, message: "The database must be written as database.schema." } }),
});
