import { describe, expect, it } from "vitest";
import { lastPage, parseTableQuery } from "./table-query";

describe("parseTableQuery", () => {
  it("accepts only known sorts and page sizes 5, 10, 20", () => {
    const q = parseTableQuery(new URL("http://x/?q=%20ada%20&sort=email&dir=desc&page=3&size=20"), ["email", "createdAt"] as const, { sort: "createdAt" });
    expect(q).toEqual({ search: "ada", sort: "email", dir: "desc", page: 3, size: 20 });
    const bad = parseTableQuery(new URL("http://x/?sort=password&dir=sideways&page=-4&size=1000"), ["email"] as const, { sort: "email", size: 5 });
    expect(bad).toEqual({ search: "", sort: "email", dir: "asc", page: 1, size: 5 });
  });
  it("computes the last page", () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(21, 10)).toBe(3);
  });
});
