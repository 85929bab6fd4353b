import { describe, expect, it } from "vitest";
import { classify } from "./loader.js";

const err = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("Snowflake error classification", () => {
  it("makes refused logins, missing objects and privileges the user's to fix", () => {
    expect(classify(err("390100", "Incorrect username or password was specified."), "check")).toMatchObject({ kind: "config", message: "Incorrect username or password was specified." });
    expect(classify(err("002003", "Object 'X' does not exist or not authorized."), "load").kind).toBe("config");
    expect(classify(err("003001"), "load").kind).toBe("config");
    expect(classify(err("000606"), "load").kind).toBe("config");
  });

  it("retries lock waits and network failures while loading, and reports an unreachable host while checking", () => {
    expect(classify(err("000625"), "load").kind).toBe("transient");
    expect(classify(err("000630"), "load").kind).toBe("transient");
    expect(classify(err("401001", "connect ECONNREFUSED"), "load").kind).toBe("transient");
    expect(classify(err("401001", "connect ECONNREFUSED"), "check")).toMatchObject({ kind: "config", message: "Could not reach Snowflake: connect ECONNREFUSED" });
    expect(classify(err("999999"), "load").kind).toBe("system");
  });

  it("fails at once on rows the table's columns refuse (retrying sends the same rows)", () => {
    expect(classify(err("100038", "Numeric value 'abc' is not recognized"), "load")).toMatchObject({ kind: "config", message: expect.stringContaining("does not accept these rows (Numeric value 'abc' is not recognized)") });
    expect(classify(err("000904", "invalid identifier 'CLICKS'"), "load").kind).toBe("config");
  });
});
