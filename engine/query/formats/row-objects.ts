// Rows as comma-separated JSON objects with the keys written once: the same text as
// JSON.stringify({key: value, ...}) per row, assembled from the blocks' cells (each already the
// JSON text of its value) without building an object for any row.
import type { Column } from "../execute.js";
import { splitCells, type CellBlock } from "../cells.js";

/** For each output column: its cell's index in the block's layout, or -1 and its constant cell. */
export function projectColumns(columns: readonly Column[], block: CellBlock): { indexes: number[]; constants: string[] } {
  const indexes = columns.map((c) => block.layout.indexOf(c.id));
  const constants = columns.map((c, i) => (indexes[i] >= 0 ? "" : (block.constants?.[c.id] ?? "null")));
  return { indexes, constants };
}

export async function* writeObjectBlocks(columns: readonly Column[], keys: readonly string[], blocks: AsyncIterable<CellBlock>): AsyncGenerator<string> {
  const prefixes = keys.map((key, i) => (i === 0 ? "{" : ",") + JSON.stringify(key) + ":");
  const count = columns.length;
  let separator = "";
  let lastLayout: readonly string[] | undefined;
  let lastConstants: CellBlock["constants"];
  let projection = { indexes: [] as number[], constants: [] as string[] };
  for await (const block of blocks) {
    if (block.rows === 0) continue;
    if (block.layout !== lastLayout || block.constants !== lastConstants) {
      projection = projectColumns(columns, block);
      lastLayout = block.layout;
      lastConstants = block.constants;
    }
    const { indexes, constants } = projection;
    const parts = splitCells(block);
    const width = block.layout.length;
    let out = "";
    for (let r = 0, base = 0; r < block.rows; r++, base += width) {
      if (count === 0) {
        out += `${separator}{}`;
      } else {
        let line = separator;
        for (let i = 0; i < count; i++) {
          const k = indexes[i];
          line += prefixes[i] + (k >= 0 ? parts[base + k] : constants[i]);
        }
        out += line + "}";
      }
      separator = ",";
    }
    yield out;
  }
}
