import { describe, expect, it } from "vitest";
import { formList } from "./form-list.js";

describe("formList", () => {
  it("reads an array or a comma-separated string, trims, drops @ and duplicates", () => {
    expect(formList({ type: "api-key", key: "k", options: { accounts: [" @a ", "b", "a", ""] } })).toEqual(["a", "b"]);
    expect(formList({ type: "oauth2", accessToken: "t", options: { accounts: "x, @y,,x" } })).toEqual(["x", "y"]);
    expect(formList({ type: "oauth2", accessToken: "t" })).toEqual([]);
  });
  it("applies the platform's clean-up before dropping the @", () => {
    expect(formList({ type: "api-key", key: "k", options: { accounts: ["https://x.com/@Name/status/1"] } }, "accounts", (s) => s.replace(/^https:\/\/x\.com\//, "").replace(/\/.*$/, ""))).toEqual(["Name"]);
  });
});
