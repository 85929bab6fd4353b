import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvObjects } from "./csv-parse.js";

describe("parseCsv", () => {
  it("handles a BOM, quotes, doubled quotes, commas, newlines and CRLF", () => {
    const text = '\ufeff"a","b"\r\n"x, y","say ""hi"""\r\n"multi\nline",2\n';
    expect(parseCsv(text)).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["multi\nline", "2"],
    ]);
  });

  it("maps records onto the header and skips blank lines", () => {
    expect(parseCsvObjects("Id,Name\n1,One\n\n2,\n")).toEqual([
      { Id: "1", Name: "One" },
      { Id: "2", Name: "" },
    ]);
    expect(parseCsvObjects("")).toEqual([]);
  });
});
