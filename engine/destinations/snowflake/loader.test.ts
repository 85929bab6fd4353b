import { describe, expect, it } from "vitest";
import { classify } from "./loader.js";

const err = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("Snowflake error classification", () => {
  it("makes refused logins, missing objects and privileges the user's to fix", () => {
    expect(classify(err("390100", "Incorrect username or password was specified."), "check", "xy12345.snowflakecomputing.com")).toMatchObject({ kind: "config", message: "Incorrect username or password was specified." });
    expect(classify(err("002003", "Object 'X' does not exist or not authorized."), "load", "xy12345.snowflakecomputing.com").kind).toBe("config");
    expect(classify(err("003001"), "load", "xy12345.snowflakecomputing.com").kind).toBe("config");
    expect(classify(err("000606"), "load", "xy12345.snowflakecomputing.com").kind).toBe("config");
  });

  it("retries lock waits and network failures while loading, and reports an unreachable host while checking", () => {
    expect(classify(err("000625"), "load", "xy12345.snowflakecomputing.com").kind).toBe("transient");
    expect(classify(err("000630"), "load", "xy12345.snowflakecomputing.com").kind).toBe("transient");
    expect(classify(err("401001", "connect ECONNREFUSED"), "load", "xy12345.snowflakecomputing.com").kind).toBe("transient");
    // The driver's text (an address, an errno) never reaches the user.
    expect(classify(err("401001", "connect ECONNREFUSED 10.0.0.5:443"), "check", "xy12345.snowflakecomputing.com")).toMatchObject({ kind: "config", message: "Could not reach Snowflake at xy12345.snowflakecomputing.com." });
    const wrapped = Object.assign(err("401001", "Network error"), { cause: err("ECONNREFUSED", "connect ECONNREFUSED 10.0.0.5:443") });
    expect(classify(wrapped, "check", "xy12345.snowflakecomputing.com").message).not.toMatch(/10\.0\.0\.5|ECONNREFUSED/);
    expect(classify(err("999999"), "load", "xy12345.snowflakecomputing.com").kind).toBe("system");
  });

  it("fails at once on rows the table's columns refuse (retrying sends the same rows)", () => {
    expect(classify(err("100038", "Numeric value 'abc' is not recognized"), "load", "xy12345.snowflakecomputing.com")).toMatchObject({
      kind: "config",
      message: expect.stringContaining("does not accept these rows (Numeric value 'abc' is not recognized)"),
    });
    expect(classify(err("000904", "invalid identifier 'CLICKS'"), "load", "xy12345.snowflakecomputing.com").kind).toBe("config");
  });
});
