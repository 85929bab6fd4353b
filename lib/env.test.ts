import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "./env.js";

describe("env", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("treats empty variables as unset, so defaults apply", () => {
    process.env.SESSION_SECRET = "";
    process.env.PORT = "";
    resetEnvCache();
    expect(getEnv().SESSION_SECRET).toBeUndefined();
    expect(getEnv().PORT).toBe(3000);
  });

  it("rejects invalid values with the variable's name", () => {
    process.env.PORT = "not-a-port";
    resetEnvCache();
    expect(() => getEnv()).toThrow(/PORT/);
  });
});
