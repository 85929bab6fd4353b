// Fakes of Apple's APIs verify ES256 JWTs against a test key pair made per process.
import { generateKeyPairSync, verify, type KeyObject } from "node:crypto";

export interface Es256Keys {
  publicKey: KeyObject;
  /** PKCS#8 PEM, the .p8 file's content. */
  privateKeyPem: string;
}

export function es256Keys(): Es256Keys {
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { publicKey: keys.publicKey, privateKeyPem: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString() };
}

/** The header and claims of a JWT signed ES256 by `keys`, else undefined. */
export function verifiedEs256(jwt: string | null | undefined, keys: Pick<Es256Keys, "publicKey">): { header: Record<string, unknown>; claims: Record<string, any> } | undefined {
  const [h, p, s] = (jwt ?? "").split(".");
  if (!h || !p || !s) return undefined;
  try {
    const header = JSON.parse(Buffer.from(h, "base64url").toString());
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const signed = verify("sha256", Buffer.from(`${h}.${p}`), { key: keys.publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"));
    return signed && header.alg === "ES256" ? { header, claims } : undefined;
  } catch {
    return undefined;
  }
}
