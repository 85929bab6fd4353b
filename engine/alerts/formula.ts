// Calculated fields (spec 1 §3 calculatedFields {name, field}): a small arithmetic language over
// metric mentions, e.g. "{cost} / {conversions}" or "cost / conversions * 100". Parsed once into
// a closure; no eval. Division by zero and missing inputs give null (no value), not Infinity.

export type FormulaValues = Record<string, number | null | undefined>;
export type CompiledFormula = { fields: string[]; evaluate: (values: FormulaValues) => number | null };

export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FormulaError";
  }
}

type Token = { kind: "num"; value: number } | { kind: "field"; name: string } | { kind: "op"; op: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const m = /^[0-9]*\.?[0-9]+(e[+-]?[0-9]+)?/i.exec(source.slice(i));
      if (!m) throw new FormulaError(`Unexpected "${c}" at position ${i + 1}`);
      tokens.push({ kind: "num", value: Number(m[0]) });
      i += m[0].length;
    } else if (c === "{") {
      const close = source.indexOf("}", i);
      if (close < 0) throw new FormulaError("A field mention is not closed with }");
      const name = source.slice(i + 1, close).trim();
      if (!name) throw new FormulaError("Empty field mention {}");
      tokens.push({ kind: "field", name });
      i = close + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(source.slice(i))!;
      tokens.push({ kind: "field", name: m[0] });
      i += m[0].length;
    } else if ("+-*/()".includes(c)) {
      tokens.push({ kind: "op", op: c });
      i++;
    } else {
      throw new FormulaError(`Unexpected "${c}" at position ${i + 1}`);
    }
  }
  return tokens;
}

type Node = (v: FormulaValues) => number | null;

export function compileFormula(source: string): CompiledFormula {
  const tokens = tokenize(source);
  if (tokens.length === 0) throw new FormulaError("Please input a formula");
  let pos = 0;
  const fields = new Set<string>();
  const peek = () => tokens[pos];
  const isOp = (op: string) => peek()?.kind === "op" && (peek() as { op: string }).op === op;

  function primary(): Node {
    const t = tokens[pos++];
    if (!t) throw new FormulaError("The formula ends too early");
    if (t.kind === "num") return () => t.value;
    if (t.kind === "field") {
      fields.add(t.name);
      return (v) => {
        const x = v[t.name];
        return typeof x === "number" && Number.isFinite(x) ? x : null;
      };
    }
    if (t.op === "(") {
      const inner = expression();
      if (!isOp(")")) throw new FormulaError("A parenthesis is not closed");
      pos++;
      return inner;
    }
    if (t.op === "-") {
      const inner = primary();
      return (v) => {
        const x = inner(v);
        return x === null ? null : -x;
      };
    }
    throw new FormulaError(`Unexpected "${t.op}"`);
  }
  function term(): Node {
    let left = primary();
    while (isOp("*") || isOp("/")) {
      const op = (tokens[pos++] as { op: string }).op;
      const l = left;
      const r = primary();
      left = (v) => {
        const a = l(v);
        const b = r(v);
        if (a === null || b === null) return null;
        if (op === "*") return a * b;
        return b === 0 ? null : a / b;
      };
    }
    return left;
  }
  function expression(): Node {
    let left = term();
    while (isOp("+") || isOp("-")) {
      const op = (tokens[pos++] as { op: string }).op;
      const l = left;
      const r = term();
      left = (v) => {
        const a = l(v);
        const b = r(v);
        if (a === null || b === null) return null;
        return op === "+" ? a + b : a - b;
      };
    }
    return left;
  }
  const root = expression();
  if (pos < tokens.length) throw new FormulaError("The formula has extra text after its end");
  return { fields: [...fields], evaluate: root };
}

/** The formula's problem as a user-facing message, or null when it compiles. */
export function formulaProblem(source: string, knownFields?: readonly string[]): string | null {
  try {
    const compiled = compileFormula(source);
    const unknown = knownFields ? compiled.fields.filter((f) => !knownFields.includes(f)) : [];
    return unknown.length ? `Unknown field ${unknown.map((f) => `"${f}"`).join(", ")}` : null;
  } catch (error) {
    return error instanceof FormulaError ? error.message : String(error);
  }
}
