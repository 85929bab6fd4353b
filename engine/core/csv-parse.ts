// RFC 4180 CSV parsing for report downloads (Microsoft Advertising writes quoted CSV with a UTF-8
// BOM). csv-stringify is installed but its parsing twin is not; this covers quotes, doubled
// quotes, embedded newlines and CRLF, which is all report files use.

/** Splits CSV text into records of raw string cells. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ",") endCell();
    else if (ch === "\n") endRecord();
    else if (ch === "\r") {
      if (text[i + 1] === "\n") i++;
      endRecord();
    } else cell += ch;
  }
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

/** Records as objects keyed by the header row. */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ""))
    .map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ""])));
}
