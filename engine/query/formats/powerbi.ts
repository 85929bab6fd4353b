// Power BI: an OData v4 JSON collection ({"@odata.context": ..., "value": [...]}). Power Query's
// Web connector (Json.Document(Web.Contents(url))) turns "value" into a table in one step, and the
// OData feed connector reads the same payload. Keys are field ids (stable across renames); numbers
// stay numbers and dates ISO strings so Power Query types them itself. A "@signalpost.columns"
// annotation (OData allows instance annotations) carries display names and kinds for templates.
import { defineFormat } from "./types.js";
import { utf8, writeObjectBlocks } from "./row-objects.js";

export const powerbiFormat = defineFormat({
  id: "powerbi",
  contentType: "application/json; odata.metadata=minimal; charset=utf-8",
  fileExtension: "json",
  async *writeBlocks(columns, blocks) {
    const header = columns.map((c) => ({ id: c.id, name: c.name, type: c.type, fieldType: c.fieldType }));
    yield utf8(`{"@odata.context":"signalpost#rows","@signalpost.columns":${JSON.stringify(header)},"value":[`);
    yield* writeObjectBlocks(columns, columns.map((c) => c.id), blocks);
    yield utf8("]}");
  },
});
