import type { Column } from "../execute.js";
import type { Row } from "../../core/types.js";

export interface FormatOptions {
  /** Header cells from field ids (default, stable for machines) or display names. */
  headers?: "id" | "name";
}

export interface OutputFormat {
  id: string;
  contentType: string;
  fileExtension: string;
  /** Serialises rows as they arrive; the caller pipes the chunks to a response or a file. */
  write(columns: readonly Column[], rows: AsyncIterable<Row>, opts?: FormatOptions): AsyncIterable<string>;
}
