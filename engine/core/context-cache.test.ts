import { describe, expect, it } from "vitest";
import { memoForContext } from "./context-cache.js";
import type { ConnectorContext } from "./types.js";

const ctx = () => ({ http: {} }) as unknown as ConnectorContext;

describe("memoForContext", () => {
  it("loads once per context and name", async () => {
    let calls = 0;
    const a = ctx();
    const load = async () => ++calls;
    expect(await memoForContext(a, "x", load)).toBe(1);
    expect(await memoForContext(a, "x", load)).toBe(1);
    expect(await memoForContext(a, "y", load)).toBe(2);
    expect(await memoForContext(ctx(), "x", load)).toBe(3);
  });

  it("forgets a failed load so the next call retries", async () => {
    const a = ctx();
    await expect(memoForContext(a, "x", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(memoForContext(a, "x", async () => "ok")).resolves.toBe("ok");
  });
});
