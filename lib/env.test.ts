import { afterEach, describe, expect, it } from "vitest";
import { appOrigin, getEnv, resetEnvCache, trustProxySetting } from "./env.js";

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

  it("links go to APP_URL, else to the address the server started on", () => {
    const env = (vars: Record<string, string>) => {
      process.env = { ...saved, APP_URL: "", HOST: "", PORT: "", ...vars };
      resetEnvCache();
      return getEnv();
    };
    expect(appOrigin(env({ APP_URL: "https://signalpost.example.com/" }))).toBe("https://signalpost.example.com");
    expect(appOrigin(env({ PORT: "4100" }))).toBe("http://localhost:4100");
    expect(appOrigin(env({ PORT: "4100", HOST: "0.0.0.0" }))).toBe("http://localhost:4100");
    expect(appOrigin(env({ PORT: "4100", HOST: "10.1.2.3" }))).toBe("http://10.1.2.3:4100");
    expect(appOrigin(env({ PORT: "4100", HOST: "fd00::5" }))).toBe("http://[fd00::5]:4100");
  });

  it("reads TRUST_PROXY as Express's trust proxy setting, off by default", () => {
    const setting = (value: string) => {
      process.env = { ...saved, TRUST_PROXY: value };
      resetEnvCache();
      return trustProxySetting();
    };
    expect(setting("")).toBe(false);
    expect(setting("false")).toBe(false);
    expect(setting("true")).toBe(true);
    expect(setting("2")).toBe(2);
    expect(setting("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
  });
});
