// Rows as comma-separated JSON objects with the keys written once: the same text as
// JSON.stringify({key: value, ...}) per row, without building an object for every row.
import type { Column } from "../execute.js";
import type { Row } from "../../core/types.js";

export async function* writeRowObjects(columns: readonly Column[], keys: readonly string[], rows: AsyncIterable<Row>): AsyncGenerator<string> {
  const prefixes = keys.map((key, i) => (i === 0 ? "{" : ",") + JSON.stringify(key) + ":");
  let separator = "";
  for await (const row of rows) {
    let line = separator;
    for (let i = 0; i < columns.length; i++) {
      const value = row[columns[i].id];
      line += prefixes[i] + (value === undefined ? "null" : (JSON.stringify(value) ?? "null"));
    }
    yield columns.length === 0 ? `${separator}{}` : `${line}}`;
    separator = ",";
  }
}
