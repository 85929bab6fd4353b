import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirectTo, sameOriginPath } from "./safe-redirect";

// How a browser resolves a Location header on our page: what the user would end up on.
const resolved = (location: string) => new URL(location, "http://localhost:3000/login");

describe("safeRedirectTo", () => {
  it("keeps local paths with their query and fragment", () => {
    for (const good of ["/", "/data-connector/sources?x=1", "/data-connector/sources?from=bookmark", "/clients/5/alerts#top", "/data-connector/sources?search=Demo%20Ads", "/redirect?redirectTo=https%3A%2F%2Flookerstudio.google.com%2Freporting&type=LOOKER_STUDIO"]) {
      expect(safeRedirectTo(good)).toBe(good);
    }
  });

  it("normalises dot segments that stay on our site", () => {
    expect(safeRedirectTo("/a/../data-connector")).toBe("/data-connector");
  });

  // The classic open-redirect bypasses (OWASP, PortSwigger and the issue's own URL): each one
  // either names another host outright or becomes one after a browser's lenient parsing.
  const bypasses = [
    "//evil.test",
    "//evil.test/x",
    "///evil.test",
    "////evil.test",
    "/\\evil.test",
    "\\\\evil.test",
    "\\/evil.test",
    "/\t/127.0.0.1:9999/x", // the issue: %2F%09%2F127.0.0.1%3A9999%2Fx decoded by the query parser
    "/\n/evil.test",
    "/\r/evil.test",
    "/ /evil.test",
    "/\u0000/evil.test",
    "/.//evil.test", // dot segments collapse into "//evil.test"
    "/..//evil.test",
    "/a/..//evil.test",
    "/%2e%2e//evil.test",
    "/./\\evil.test",
    "/%2F/evil.test", // encoded variants
    "/%2f%2fevil.test",
    "%2F%2Fevil.test",
    "/%09/evil.test",
    "/%5Cevil.test",
    "/%5cevil.test",
    "/%252F/evil.test", // double encoding
    "/%250D%250ASet-Cookie:x=1",
    "https://evil.test/",
    "https:evil.test",
    "http:/evil.test",
    "HTTPS://evil.test",
    "//evil.test@localhost",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " /javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/x\r\nSet-Cookie: stolen=1", // CR/LF would split the header (issue 14, item 5)
    "/x\nLocation: //evil.test",
    "/\u2215\u2215evil.test", // unicode slashes
    "/\uff0fevil.test",
    "/\uff3cevil.test",
    "/\u2044evil.test",
    "/\ufe68evil.test",
    "/\u3000/evil.test",
    "/\u00a0/evil.test",
    "/\u2028/evil.test",
    "evil.test",
    "",
  ];

  it.each(bypasses)("refuses %j", (bad) => {
    expect(safeRedirectTo(bad)).toBe("/");
    expect(sameOriginPath(bad)).toBeNull();
  });

  it("never returns anything a browser would take off our origin", () => {
    for (const input of bypasses) {
      expect(resolved(safeRedirectTo(input, "/dashboard")).origin).toBe("http://localhost:3000");
    }
  });

  it("refuses a target longer than any page of ours", () => {
    expect(safeRedirectTo(`/${"a".repeat(MAX_REDIRECT_LENGTH)}`)).toBe("/");
  });

  it("refuses non-strings and falls back to the given default", () => {
    for (const bad of [null, undefined, new File(["x"], "x.txt")]) expect(safeRedirectTo(bad)).toBe("/");
    expect(safeRedirectTo("//evil.test", "/getting-started")).toBe("/getting-started");
  });

  it("returns nothing a header would refuse", () => {
    for (const input of bypasses) {
      expect(() => new Headers({ Location: safeRedirectTo(input) })).not.toThrow();
    }
  });
});
