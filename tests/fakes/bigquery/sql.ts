// A small interpreter for the restricted GoogleSQL the BigQuery loader generates
// (engine/destinations/bigquery/statements.ts), not a SQL engine: it parses exactly these forms and
// refuses anything else with BigQuery's "Syntax error" job failure, so a loader change that emits
// new SQL fails its test until the fake learns it.
//
//   SELECT <literal> [AS name]
//   BEGIN [TRANSACTION];  COMMIT [TRANSACTION];  ROLLBACK [TRANSACTION]
//   DELETE FROM <table> WHERE <condition> [AND <condition>]...
//   INSERT INTO <table> (<column>, ...) SELECT <column>, ... FROM <table>
//
// <table> is `project.dataset.table`, `dataset.table` or `project`.`dataset`.`table`;
// <condition> is <column> (= | < | <= | > | >=) <operand> or <column> BETWEEN <operand> AND <operand>;
// <operand> is @named_parameter, a 'string' or a number. Statements are separated by ";".
// Reference: https://cloud.google.com/bigquery/docs/reference/standard-sql/dml-syntax and
// https://cloud.google.com/bigquery/docs/transactions (multi-statement transactions).

export type Cell = string | number | boolean | null;

export interface TableRef {
  projectId?: string;
  datasetId: string;
  tableId: string;
}

export type Operand = { param: string } | { literal: Cell };

export interface Condition {
  column: string;
  op: "=" | "<" | "<=" | ">" | ">=" | "BETWEEN";
  values: Operand[];
}

export type Statement =
  | { kind: "select_literal"; value: Cell; alias: string }
  | { kind: "begin" }
  | { kind: "commit" }
  | { kind: "rollback" }
  | { kind: "delete"; table: TableRef; where: Condition[] }
  | { kind: "insert_select"; table: TableRef; columns: string[]; selectColumns: string[]; from: TableRef };

export class SqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SqlError";
  }
}

type Token = { type: "ident" | "quoted" | "param" | "string" | "number" | "punct"; value: string; pos: number };

/** A backtick identifier or a single-quoted string starting at `start`, with backslash escapes. */
function readQuoted(sql: string, start: number): { value: string; end: number } {
  const quote = sql[start]!;
  let j = start + 1;
  let value = "";
  while (j < sql.length && sql[j] !== quote) {
    if (sql[j] === "\\") {
      value += sql[j + 1] ?? "";
      j += 2;
    } else value += sql[j++];
  }
  if (j >= sql.length) throw new SqlError(`Syntax error: Unclosed ${quote === "`" ? "identifier" : "string"} literal at [1:${start + 1}]`);
  return { value, end: j + 1 };
}

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === "-" && sql[i + 1] === "-") {
      while (i < sql.length && sql[i] !== "\n") i++;
      continue;
    }
    if (ch === "`" || ch === "'") {
      const { value, end } = readQuoted(sql, i);
      tokens.push({ type: ch === "`" ? "quoted" : "string", value, pos: i });
      i = end;
      continue;
    }
    if (ch === "@") {
      const m = /^@([A-Za-z_][A-Za-z0-9_]*)/.exec(sql.slice(i));
      if (!m) throw new SqlError(`Syntax error: Unexpected "@" at [1:${i + 1}]`);
      tokens.push({ type: "param", value: m[1]!, pos: i });
      i += m[0].length;
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(sql.slice(i));
    if (num && (ch !== "-" || /\d/.test(sql[i + 1] ?? ""))) {
      tokens.push({ type: "number", value: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i));
    if (id) {
      tokens.push({ type: "ident", value: id[0], pos: i });
      i += id[0].length;
      continue;
    }
    const two = sql.slice(i, i + 2);
    if (two === "<=" || two === ">=" || two === "!=" || two === "<>") {
      tokens.push({ type: "punct", value: two, pos: i });
      i += 2;
      continue;
    }
    if ("(),;.=<>*".includes(ch)) {
      tokens.push({ type: "punct", value: ch, pos: i });
      i++;
      continue;
    }
    throw new SqlError(`Syntax error: Illegal input character "${ch}" at [1:${i + 1}]`);
  }
  return tokens;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  get done(): boolean {
    return this.i >= this.tokens.length;
  }
  private peek(): Token | undefined {
    return this.tokens[this.i];
  }
  private fail(expected: string): never {
    const t = this.peek();
    throw new SqlError(`Syntax error: Expected ${expected} but got ${t ? `"${t.value}"` : "end of script"}${t ? ` at [1:${t.pos + 1}]` : ""}`);
  }
  private isKeyword(word: string): boolean {
    const t = this.peek();
    return t?.type === "ident" && t.value.toUpperCase() === word;
  }
  private keyword(word: string): void {
    if (!this.isKeyword(word)) this.fail(`keyword ${word}`);
    this.i++;
  }
  private optionalKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.i++;
    return true;
  }
  private punct(p: string): void {
    const t = this.peek();
    if (t?.type !== "punct" || t.value !== p) this.fail(`"${p}"`);
    this.i++;
  }
  private isPunct(p: string): boolean {
    const t = this.peek();
    return t?.type === "punct" && t.value === p;
  }
  private identifier(): string {
    const t = this.peek();
    if (t?.type === "quoted" || t?.type === "ident") {
      this.i++;
      return t.value;
    }
    return this.fail("identifier");
  }
  private tableRef(): TableRef {
    const parts: string[] = [];
    do {
      parts.push(...this.identifier().split("."));
    } while (this.isPunct(".") && ++this.i);
    if (parts.length === 2) return { datasetId: parts[0]!, tableId: parts[1]! };
    if (parts.length === 3) return { projectId: parts[0]!, datasetId: parts[1]!, tableId: parts[2]! };
    throw new SqlError(`Table "${parts.join(".")}" must be qualified with a dataset (e.g. dataset.table).`);
  }
  private operand(): Operand {
    const t = this.peek();
    if (!t) return this.fail("an expression");
    this.i++;
    if (t.type === "param") return { param: t.value };
    if (t.type === "string") return { literal: t.value };
    if (t.type === "number") return { literal: Number(t.value) };
    if (t.type === "ident" && ["TRUE", "FALSE", "NULL"].includes(t.value.toUpperCase()))
      return { literal: t.value.toUpperCase() === "NULL" ? null : t.value.toUpperCase() === "TRUE" };
    this.i--;
    return this.fail("a parameter or a literal");
  }
  private columnList(): string[] {
    const cols = [this.identifier()];
    while (this.isPunct(",")) {
      this.i++;
      cols.push(this.identifier());
    }
    return cols;
  }

  statement(): Statement {
    if (this.optionalKeyword("BEGIN")) {
      this.optionalKeyword("TRANSACTION");
      return { kind: "begin" };
    }
    if (this.optionalKeyword("COMMIT")) {
      this.optionalKeyword("TRANSACTION");
      return { kind: "commit" };
    }
    if (this.optionalKeyword("ROLLBACK")) {
      this.optionalKeyword("TRANSACTION");
      return { kind: "rollback" };
    }
    if (this.optionalKeyword("SELECT")) {
      const value = this.operand();
      if ("param" in value) this.fail("a literal");
      let alias = "f0_";
      if (this.optionalKeyword("AS")) alias = this.identifier();
      return { kind: "select_literal", value: value.literal, alias };
    }
    if (this.optionalKeyword("DELETE")) {
      this.optionalKeyword("FROM");
      const table = this.tableRef();
      this.keyword("WHERE");
      const where: Condition[] = [];
      do {
        const column = this.identifier();
        if (this.optionalKeyword("BETWEEN")) {
          const low = this.operand();
          this.keyword("AND");
          where.push({ column, op: "BETWEEN", values: [low, this.operand()] });
        } else {
          const t = this.peek();
          if (t?.type !== "punct" || !["=", "<", "<=", ">", ">="].includes(t.value)) this.fail("a comparison");
          this.i++;
          where.push({ column, op: t.value as Condition["op"], values: [this.operand()] });
        }
      } while (this.optionalKeyword("AND"));
      return { kind: "delete", table, where };
    }
    if (this.optionalKeyword("INSERT")) {
      this.optionalKeyword("INTO");
      const table = this.tableRef();
      this.punct("(");
      const columns = this.columnList();
      this.punct(")");
      this.keyword("SELECT");
      const selectColumns = this.columnList();
      this.keyword("FROM");
      const from = this.tableRef();
      if (columns.length !== selectColumns.length)
        throw new SqlError(`Inserted row has wrong column count; Has ${selectColumns.length}, expected ${columns.length}`);
      return { kind: "insert_select", table, columns, selectColumns, from };
    }
    return this.fail("a statement this fake understands (SELECT literal, BEGIN, COMMIT, ROLLBACK, DELETE, INSERT ... SELECT)");
  }

  /** Statements separated by ";" (a trailing ";" is allowed). */
  script(): Statement[] {
    const out: Statement[] = [];
    while (!this.done) {
      if (this.isPunct(";")) {
        this.i++;
        continue;
      }
      out.push(this.statement());
      if (!this.done) this.punct(";");
    }
    if (out.length === 0) throw new SqlError("Syntax error: Unexpected end of script");
    return out;
  }
}

export function parseScript(sql: string): Statement[] {
  return new Parser(tokenize(sql)).script();
}

export function resolveOperand(op: Operand, params: Map<string, Cell>): Cell {
  if ("literal" in op) return op.literal;
  if (!params.has(op.param)) throw new SqlError(`Query parameter '${op.param}' not found`);
  return params.get(op.param)!;
}

/** NULL never matches (SQL's three-valued logic); values of one column share a type. */
export function compare(a: Cell, b: Cell): number | undefined {
  if (a === null || b === null) return undefined;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function matchesConditions(row: (column: string) => Cell, where: Condition[], params: Map<string, Cell>): boolean {
  for (const c of where) {
    const v = row(c.column);
    const [x, y] = c.values.map((o) => resolveOperand(o, params));
    const cmp = compare(v, x ?? null);
    if (cmp === undefined) return false;
    switch (c.op) {
      case "=":
        if (cmp !== 0) return false;
        break;
      case "<":
        if (!(cmp < 0)) return false;
        break;
      case "<=":
        if (!(cmp <= 0)) return false;
        break;
      case ">":
        if (!(cmp > 0)) return false;
        break;
      case ">=":
        if (!(cmp >= 0)) return false;
        break;
      case "BETWEEN": {
        const hi = compare(v, y ?? null);
        if (hi === undefined || cmp < 0 || hi > 0) return false;
        break;
      }
    }
  }
  return true;
}
