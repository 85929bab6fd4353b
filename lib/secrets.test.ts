import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptJson, decryptSecret, encryptJson, encryptSecret, needsRotation, parseKeyring, SecretDecryptionError, tokenDigest } from "./secrets.js";

const key = () => crypto.randomBytes(32).toString("base64");

describe("secrets", () => {
  const ring = parseKeyring(`k1:${key()}`);

  it("round-trips text and JSON", () => {
    const secret = "ya29.a0-access-token/with+symbols=";
    expect(decryptSecret(encryptSecret(secret, ring), ring)).toBe(secret);
    const credential = { kind: "oauth2", accessToken: "abc", refreshToken: "def" };
    expect(decryptJson(encryptJson(credential, ring), ring)).toEqual(credential);
  });

  it("never stores the plaintext and never repeats a ciphertext", () => {
    const secret = "super-secret-password";
    const a = encryptSecret(secret, ring);
    const b = encryptSecret(secret, ring);
    expect(a).not.toContain(secret);
    expect(Buffer.from(a.split(".")[4], "base64url").toString("utf8")).not.toBe(secret);
    expect(a).not.toBe(b);
  });

  it("detects tampering with the ciphertext, the tag or the key id", () => {
    const envelope = encryptSecret("value", ring);
    const parts = envelope.split(".");
    const body = Buffer.from(parts[4], "base64url");
    body[0] ^= 0xff;
    const tampered = [...parts.slice(0, 4), body.toString("base64url")].join(".");
    expect(() => decryptSecret(tampered, ring)).toThrow(SecretDecryptionError);
    const badTag = [...parts.slice(0, 3), Buffer.alloc(16).toString("base64url"), parts[4]].join(".");
    expect(() => decryptSecret(badTag, ring)).toThrow(SecretDecryptionError);
    const otherRing = parseKeyring(`k2:${key()},k1:${ring.keys.get("k1")!.toString("base64")}`);
    const movedId = ["v1", "k2", ...parts.slice(2)].join(".");
    expect(() => decryptSecret(movedId, otherRing)).toThrow(SecretDecryptionError);
    expect(() => decryptSecret("not-an-envelope", ring)).toThrow(SecretDecryptionError);
  });

  it("rotates: the new primary key encrypts, old keys still decrypt", () => {
    const old = encryptSecret("legacy", ring);
    const rotated = parseKeyring(`k2:${key()},k1:${ring.keys.get("k1")!.toString("base64")}`);
    expect(decryptSecret(old, rotated)).toBe("legacy");
    expect(needsRotation(old, rotated)).toBe(true);
    const fresh = encryptSecret("new", rotated);
    expect(fresh.split(".")[1]).toBe("k2");
    expect(needsRotation(fresh, rotated)).toBe(false);
    expect(() => decryptSecret(fresh, ring)).toThrow(/Unknown encryption key id/);
  });

  it("rejects malformed key specs", () => {
    expect(() => parseKeyring("")).toThrow();
    expect(() => parseKeyring("k1:c2hvcnQ=")).toThrow(/32 bytes/);
  });

  it("digests tokens deterministically without exposing them", () => {
    expect(tokenDigest("abc")).toBe(tokenDigest("abc"));
    expect(tokenDigest("abc")).not.toBe(tokenDigest("abd"));
    expect(tokenDigest("abc")).not.toContain("abc");
  });
});
