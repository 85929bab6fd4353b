// LINE Ads API request signing (https://developers.line.biz/en/docs/line-ads-api/overview/,
// "Authentication"): a JWS (HS256) whose header names the access key as kid and whose text/plain
// payload is the hex SHA-256 of the body, the Content-Type, the UTC date (YYYYMMDD) and the
// canonical URI (the path without the query), joined by line feeds; signed with the secret key
// and sent as `Authorization: Bearer <jws>` with a Date header.
import { createHash, createHmac } from "node:crypto";

const b64url = (data: string | Buffer): string => Buffer.from(data).toString("base64url");

export interface SignedParts {
  body: string;
  contentType: string;
  /** The request path, e.g. /api/v3/adaccounts/A123/reports/online/campaign. */
  path: string;
  now: Date;
}

export function lineAdsPayload(parts: SignedParts): string {
  const day = parts.now.toISOString().slice(0, 10).replaceAll("-", "");
  return [createHash("sha256").update(parts.body).digest("hex"), parts.contentType, day, parts.path].join("\n");
}

export function lineAdsJws(accessKey: string, secretKey: string, parts: SignedParts): string {
  const input = `${b64url(JSON.stringify({ alg: "HS256", kid: accessKey, typ: "text/plain" }))}.${b64url(lineAdsPayload(parts))}`;
  return `${input}.${b64url(createHmac("sha256", secretKey).update(input).digest())}`;
}
