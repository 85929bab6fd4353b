import { describe, expect, it } from "vitest";
import { assertSameOrigin, isSameOriginRequest } from "./csrf.server";

const post = (headers: Record<string, string>) => new Request("http://localhost:3000/login", { method: "POST", headers: { host: "localhost:3000", ...headers } });

describe("same-origin guard", () => {
  it("accepts our own origin and safe methods", () => {
    expect(isSameOriginRequest(post({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(new Request("http://localhost:3000/login", { headers: { origin: "http://evil.test" } }))).toBe(true);
  });

  it("refuses cross-site form posts", () => {
    expect(isSameOriginRequest(post({ origin: "http://evil.test" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "http://localhost:3000", "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(() => assertSameOrigin(post({ origin: "http://evil.test" }))).toThrow(Response);
  });

  it("accepts non-browser clients that send neither Origin nor Fetch Metadata", () => {
    expect(isSameOriginRequest(post({}))).toBe(true);
  });
});
