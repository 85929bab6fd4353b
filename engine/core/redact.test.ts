import { describe, expect, it } from "vitest";
import { REDACTED, redact, secretsOf } from "./redact.js";
import { parseCredential } from "./credentials.js";
import { InvalidCredentialError } from "./errors.js";

describe("redact", () => {
  it.each([
    ["https://x.io/a?access_token=abc&x=1", "https://x.io/a?access_token=[REDACTED]&x=1"],
    ["https://x.io/a?apikey=abc", "https://x.io/a?apikey=[REDACTED]"],
    ["https://x.io/a?consumer_key=ck_1&consumer_secret=cs_2", "https://x.io/a?consumer_key=[REDACTED]&consumer_secret=[REDACTED]"],
    ["Authorization: Bearer abc.def.ghi", "Authorization: [REDACTED]"],
    ['{"password":"hunter2","name":"bob"}', '{"password":"[REDACTED]","name":"bob"}'],
    ["X-Shopify-Access-Token: shpat_123", "X-Shopify-Access-Token: [REDACTED]"],
    ['{"key":"k-1","consumer_key":"c-2","keyword":"shoes","monkey":"ok"}', '{"key":"[REDACTED]","consumer_key":"[REDACTED]","keyword":"shoes","monkey":"ok"}'],
    ["grant_type=refresh_token&refresh_token=r1&client_secret=s1", "grant_type=refresh_token&refresh_token=[REDACTED]&client_secret=[REDACTED]"],
    ["connect postgres://loader:pa55w0rd@db.example:5432/wh failed", "connect postgres://loader:[REDACTED]@db.example:5432/wh failed"],
    ["mysql://root@db.example/x", "mysql://root@db.example/x"],
    ["/oauth2/authorize/x/response?code=4/0Ab-c&state=s1", "/oauth2/authorize/x/response?code=[REDACTED]&state=s1"],
    ["grant_type=authorization_code&code=abc&redirect_uri=x", "grant_type=authorization_code&code=[REDACTED]&redirect_uri=x"],
    ["/cb?oauth_token=t1&oauth_verifier=v1", "/cb?oauth_token=[REDACTED]&oauth_verifier=[REDACTED]"],
    ["/report?country_code=FR&zip_code=75001", "/report?country_code=FR&zip_code=75001"],
    // The value runs to the next separator, a closing bracket included: cutting too much beats leaking the end of a password.
    ["connect failed (password=pa55w0rd) [token=t1] user=x,password=p2", "connect failed (password=[REDACTED] [token=[REDACTED] user=x,password=[REDACTED]"],
  ])("redacts %s", (input, output) => {
    expect(redact(input)).toBe(output);
  });

  it("redacts known secret values anywhere, including URL-encoded", () => {
    const secret = "s3cr3t/with+chars";
    expect(redact(`oops ${secret} and ${encodeURIComponent(secret)}`, [secret])).toBe(`oops ${REDACTED} and ${REDACTED}`);
  });

  it("redacts objects by key and leaves other values alone", () => {
    const out = redact({ headers: { Authorization: "Bearer x", accept: "json" }, nested: [{ apiKey: "k", n: 1 }] });
    expect(out).toEqual({ headers: { Authorization: REDACTED, accept: "json" }, nested: [{ apiKey: REDACTED, n: 1 }] });
  });

  it("collects the secret values of a credential", () => {
    const secrets = secretsOf({ type: "api-key", key: "key-value-1", secret: "secret-value-2", options: { shop: "my-shop", accessToken: "token-value-3" } });
    expect(secrets.sort()).toEqual(["key-value-1", "secret-value-2", "token-value-3"]);
  });
});

describe("parseCredential", () => {
  it("reads a spec 3 §7 payload as an api-key credential", () => {
    expect(parseCredential({ key: "k", options: { shop: "s" } })).toEqual({ type: "api-key", key: "k", options: { shop: "s" } });
  });

  it("rejects malformed credentials without echoing their values", () => {
    const attempt = () => parseCredential({ type: "oauth2", accessToken: "", refreshToken: "half-secret" }, { platform: "google-ads" });
    expect(attempt).toThrow(InvalidCredentialError);
    expect(attempt).toThrow(/accessToken/);
    expect(attempt).not.toThrow(/half-secret/);
  });

  it("rejects a credential of the wrong kind for the platform", () => {
    expect(() => parseCredential({ type: "api-key", key: "k" }, { platform: "twitter-ads", method: "oauth10A" })).toThrow(/oauth10A/);
  });
});
