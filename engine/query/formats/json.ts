// {"columns":[...],"data":[{...},...]}: the query builder's preview reads `data`, and writing
// one row at a time keeps memory flat however many rows there are.
import { defineFormat } from "./types.js";
import { utf8, writeObjectBlocks } from "./row-objects.js";

export const jsonFormat = defineFormat({
  id: "json",
  contentType: "application/json; charset=utf-8",
  fileExtension: "json",
  async *writeBlocks(columns, blocks, opts = {}) {
    const header = columns.map((c) => ({ id: c.id, name: c.name, type: c.type, fieldType: c.fieldType }));
    yield utf8(`{"columns":${JSON.stringify(header)},"data":[`);
    yield* writeObjectBlocks(columns, columns.map((c) => (opts.headers === "name" ? c.name : c.id)), blocks);
    yield utf8("]}");
  },
});
