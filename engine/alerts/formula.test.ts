import { describe, expect, it } from "vitest";
import { compileFormula, formulaProblem } from "./formula.js";

describe("compileFormula", () => {
  it("evaluates arithmetic over mentions with precedence and parentheses", () => {
    const f = compileFormula("{cost} / {conversions} * 100");
    expect(f.fields).toEqual(["cost", "conversions"]);
    expect(f.evaluate({ cost: 50, conversions: 4 })).toBe(1250);
    expect(compileFormula("(clicks + 10) * 2 - -1").evaluate({ clicks: 5 })).toBe(31);
    expect(compileFormula("1.5e2 / 3").evaluate({})).toBe(50);
  });

  it("gives null for division by zero and missing inputs", () => {
    expect(compileFormula("cost / conversions").evaluate({ cost: 3, conversions: 0 })).toBeNull();
    expect(compileFormula("cost + clicks").evaluate({ cost: 3 })).toBeNull();
  });

  it("reports malformed formulas and unknown fields", () => {
    expect(formulaProblem("(cost + 1")).toMatch(/not closed/);
    expect(formulaProblem("cost +")).toMatch(/ends too early/);
    expect(formulaProblem("cost ; 1")).toMatch(/Unexpected ";"/);
    expect(formulaProblem("")).toBe("Please input a formula");
    expect(formulaProblem("{spend} / clicks", ["cost", "clicks"])).toBe('Unknown field "spend"');
    expect(formulaProblem("{cost} / clicks", ["cost", "clicks"])).toBeNull();
  });
});
