// Apple's APIs (Search Ads client secrets, App Store Connect tokens) authenticate with ES256 JWTs
// signed by a .p8 key: {alg: ES256, kid} header, claims of the caller's choosing.
// JWS wants the raw r||s signature, not DER (RFC 7518 §3.4).
import { createPrivateKey, sign } from "node:crypto";

const b64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

export function es256Jwt(header: { kid: string; typ?: string }, claims: Record<string, unknown>, privateKeyPem: string): string {
  const h = b64url(JSON.stringify({ alg: "ES256", ...header }));
  const p = b64url(JSON.stringify(claims));
  const signature = sign("sha256", Buffer.from(`${h}.${p}`), { key: createPrivateKey(privateKeyPem), dsaEncoding: "ieee-p1363" });
  return `${h}.${p}.${b64url(signature)}`;
}
