import { describe, expect, it } from "vitest";
import { PlatformNotImplementedError, UnknownPlatformError } from "../core/errors.js";
import { listPlatforms } from "../catalogue/index.js";
import { checkConnection } from "./check-connection.js";

describe("checkConnection", () => {
  it("accepts a good demo key from a spec 3 §7 payload", async () => {
    await expect(checkConnection("demo", { key: "demo" })).resolves.toMatchObject({ status: true, identity: "Demo Ads" });
  });

  it("answers status false with a message for a rejected or malformed credential", async () => {
    const rejected = await checkConnection("demo", { key: "not-a-demo-key" });
    expect(rejected).toEqual({ status: false, message: expect.stringContaining('Type "demo"') });
    const malformed = await checkConnection("demo", { type: "oauth2" });
    expect(malformed.status).toBe(false);
    expect(malformed.message).toMatch(/malformed/);
  });

  it("throws for unknown and not yet implemented platforms", async () => {
    await expect(checkConnection("nope", { key: "x" })).rejects.toThrow(UnknownPlatformError);
    const comingSoon = listPlatforms().find((p) => !p.implemented);
    if (comingSoon) await expect(checkConnection(comingSoon.id, { key: "x" })).rejects.toThrow(PlatformNotImplementedError);
  });
});
