import type { Column } from "../execute.js";
import type { Row } from "../../core/types.js";
import { rowBlocks, type CellBlock } from "../cells.js";

export interface FormatOptions {
  /** Header cells from field ids (default, stable for machines) or display names. */
  headers?: "id" | "name";
}

export interface OutputFormat {
  id: string;
  contentType: string;
  fileExtension: string;
  /**
   * Serialises blocks of encoded cells (engine/query/cells.ts) as they arrive, as UTF-8 chunks of
   * about 64 KB, without building an object per row; the caller pipes the chunks to a response or a file.
   */
  writeBlocks(columns: readonly Column[], blocks: AsyncIterable<CellBlock>, opts?: FormatOptions): AsyncIterable<Uint8Array>;
  /** Serialises rows as they arrive (encoded into blocks, then written by writeBlocks). */
  write(columns: readonly Column[], rows: AsyncIterable<Row>, opts?: FormatOptions): AsyncIterable<Uint8Array>;
}

/** A format from its block writer: rows are encoded into blocks, so every format has one writer. */
export function defineFormat(format: Omit<OutputFormat, "write">): OutputFormat {
  return {
    ...format,
    write: (columns, rows, opts) => format.writeBlocks(columns, rowBlocks(columns.map((c) => c.id), rows), opts),
  };
}
