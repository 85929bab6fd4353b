// Tableau: the table-schema + rows shape a Tableau Web Data Connector (WDC 2.x) hands to
// tableau.registerConnector's getSchema/getData (https://tableau.github.io/webdataconnector/docs/),
// and which Tableau's JSON file connector also reads (schema levels "schema.columns" and "data").
// Column ids are the field ids (WDC ids must be letters, digits and underscores); aliases are the
// display names; dataType uses the WDC enum (string, int, float, bool, date, datetime).
import type { Column } from "../execute.js";
import type { FieldType } from "../../core/types.js";
import { defineFormat } from "./types.js";
import { utf8, writeObjectBlocks } from "./row-objects.js";

type WdcDataType = "string" | "int" | "float" | "bool" | "date" | "datetime";

const WDC_TYPES: Partial<Record<FieldType, WdcDataType>> = {
  NUMBER: "float",
  PERCENT: "float",
  CURRENCY: "float",
  DURATION: "float",
  HOUR: "int",
  BOOLEAN: "bool",
  DATE: "date",
  YEAR_MONTH_DAY: "date",
  DATETIME: "datetime",
  YEAR_MONTH_DAY_HOUR: "datetime",
};

export function tableauDataType(column: Pick<Column, "fieldType">): WdcDataType {
  return WDC_TYPES[column.fieldType] ?? "string";
}

/** WDC ids allow [A-Za-z0-9_] only. */
export function tableauColumnId(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, "_");
}

export const tableauFormat = defineFormat({
  id: "tableau",
  contentType: "application/json; charset=utf-8",
  fileExtension: "json",
  async *writeBlocks(columns, blocks) {
    const ids = columns.map((c) => tableauColumnId(c.id));
    const schema = {
      id: "signalpost",
      alias: "Signalpost query",
      columns: columns.map((c, i) => ({
        id: ids[i],
        alias: c.name,
        dataType: tableauDataType(c),
        columnRole: c.type === "metric" ? "measure" : "dimension",
      })),
    };
    yield utf8(`{"schema":${JSON.stringify(schema)},"data":[`);
    yield* writeObjectBlocks(columns, ids, blocks);
    yield utf8("]}");
  },
});
