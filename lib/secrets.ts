import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "./paths.js";
import { getEnv } from "./env.js";

/**
 * AES-256-GCM envelope for every stored credential. Format: "v1.{keyId}.{iv}.{tag}.{ciphertext}"
 * (base64url parts). The key id lets us rotate: encrypt with the first key, decrypt with any.
 */
export type Keyring = { primaryId: string; keys: Map<string, Buffer> };

const PREFIX = "v1";

export class SecretDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretDecryptionError";
  }
}

export function parseKeyring(spec: string): Keyring {
  const keys = new Map<string, Buffer>();
  let primaryId = "";
  for (const entry of spec.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [id, b64] = entry.split(":");
    if (!id || !b64 || !/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`Malformed encryption key entry for "${id ?? ""}"`);
    const key = Buffer.from(b64, "base64");
    if (key.length !== 32) throw new Error(`Encryption key "${id}" must be 32 bytes (base64), got ${key.length}`);
    keys.set(id, key);
    if (!primaryId) primaryId = id;
  }
  if (!primaryId) throw new Error("No encryption key configured");
  return { primaryId, keys };
}

/** Dev default: a random key generated once and kept under .data/ (never in the repository). */
function loadOrCreateDevKeyring(): Keyring {
  const file = path.join(dataDir(), "encryption-keys");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    const spec = `dev1:${crypto.randomBytes(32).toString("base64")}`;
    fs.writeFileSync(file, spec, { mode: 0o600, flag: "wx" });
  }
  return parseKeyring(fs.readFileSync(file, "utf8").trim());
}

let keyring: Keyring | undefined;

export function getKeyring(): Keyring {
  if (!keyring) {
    const spec = getEnv().ENCRYPTION_KEYS;
    keyring = spec ? parseKeyring(spec) : loadOrCreateDevKeyring();
  }
  return keyring;
}

export function encryptSecret(plaintext: string, ring: Keyring = getKeyring()): string {
  const key = ring.keys.get(ring.primaryId)!;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  // The key id is authenticated data: moving a ciphertext under another id fails the tag check.
  cipher.setAAD(Buffer.from(ring.primaryId));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [PREFIX, ring.primaryId, iv.toString("base64url"), tag.toString("base64url"), body.toString("base64url")].join(".");
}

export function decryptSecret(envelope: string, ring: Keyring = getKeyring()): string {
  const parts = envelope.split(".");
  if (parts.length !== 5 || parts[0] !== PREFIX) throw new SecretDecryptionError("Not an encrypted secret");
  const [, keyId, ivB64, tagB64, bodyB64] = parts;
  const key = ring.keys.get(keyId);
  if (!key) throw new SecretDecryptionError(`Unknown encryption key id "${keyId}"`);
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(ivB64, "base64url"));
    decipher.setAAD(Buffer.from(keyId));
    decipher.setAuthTag(Buffer.from(tagB64, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(bodyB64, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError("Encrypted secret failed its integrity check");
  }
}

export function encryptJson(value: unknown, ring?: Keyring): string {
  return encryptSecret(JSON.stringify(value), ring);
}

export function decryptJson<T>(envelope: string, ring?: Keyring): T {
  return JSON.parse(decryptSecret(envelope, ring)) as T;
}

/** Whether a stored envelope was written under an older key and should be re-encrypted. */
export function needsRotation(envelope: string, ring: Keyring = getKeyring()): boolean {
  return envelope.split(".")[1] !== ring.primaryId;
}

/**
 * Digest for looking up high-entropy tokens (API keys, reset and invitation tokens) without
 * storing them in clear. Plain SHA-256 is enough for 256-bit random tokens and, unlike an HMAC
 * under the encryption key, survives key rotation.
 */
export function tokenDigest(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Cookie-signing secrets: SESSION_SECRET (comma-separated, newest first) or a dev secret in .data/. */
export function getSessionSecrets(): string[] {
  const fromEnv = getEnv().SESSION_SECRET;
  if (fromEnv) return fromEnv.split(",").map((s) => s.trim()).filter(Boolean);
  const file = path.join(dataDir(), "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch {
      // Another process (web or worker) created it first: read theirs.
    }
  }
  return [fs.readFileSync(file, "utf8").trim()];
}
