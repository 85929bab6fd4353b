// Google's JSON error envelope, shared by the Google Ads and Google Analytics connectors:
// {"error": {"code", "message", "status", "details": [...]}} per https://cloud.google.com/apis/design/errors
// (searchStream wraps it in an array: [{"error": ...}]). Google Ads puts its own failure list in
// a details entry of type GoogleAdsFailure:
// https://developers.google.com/google-ads/api/docs/best-practices/error-types
import { redact } from "../../core/redact.js";

export interface GoogleAdsErrorItem {
  /** "family.CODE", e.g. "authorizationError.USER_PERMISSION_DENIED". */
  code: string;
  message: string;
  /** From quotaErrorDetails.retryDelay ("30s"). */
  retryDelayMs?: number;
}

export interface GoogleApiError {
  httpCode?: number;
  /** Canonical status, e.g. PERMISSION_DENIED, RESOURCE_EXHAUSTED. */
  status?: string;
  message: string;
  adsErrors: GoogleAdsErrorItem[];
}

interface RawEnvelope {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: {
      "@type"?: string;
      errors?: {
        errorCode?: Record<string, string>;
        message?: string;
        details?: { quotaErrorDetails?: { retryDelay?: string } };
      }[];
    }[];
  };
}

/** Protobuf Duration JSON ("30s", "1.5s") in milliseconds. */
export function parseDuration(value: string | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value ?? "");
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

export function parseGoogleError(text: string): GoogleApiError | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const envelope = (Array.isArray(data) ? data.find((d) => d && typeof d === "object" && "error" in d) : data) as RawEnvelope | undefined;
  const error = envelope?.error;
  if (!error || typeof error !== "object") return undefined;
  const adsErrors: GoogleAdsErrorItem[] = [];
  for (const detail of error.details ?? []) {
    for (const item of detail.errors ?? []) {
      const [family, code] = Object.entries(item.errorCode ?? {})[0] ?? ["unknown", "UNKNOWN"];
      adsErrors.push({
        code: `${family}.${code}`,
        message: item.message ?? "",
        retryDelayMs: parseDuration(item.details?.quotaErrorDetails?.retryDelay),
      });
    }
  }
  return { httpCode: error.code, status: error.status, message: error.message ?? "", adsErrors };
}

/** A platform message safe to show: pattern-redacted and short. */
export function safeMessage(message: string, max = 300): string {
  return redact(message).slice(0, max);
}

/**
 * Google's OAuth 2.0 endpoints for a product API (the same dance as Google Ads): offline access so a
 * refresh token is issued, and consent again so it is issued on a reconnect too.
 * https://developers.google.com/identity/protocols/oauth2/web-server
 */
export function googleOAuth2(scopes: string[]) {
  return {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    scopes,
    extraAuthorizeParams: { access_type: "offline", prompt: "consent" },
  };
}
