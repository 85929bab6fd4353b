// Secrets must never reach a log line, an error message or a stored excerpt. Two layers: known
// secret values (the credential in hand) are cut wherever they appear, and anything that looks
// like a secret by name (a query parameter, a JSON key, a header) is cut even when unknown.

export const REDACTED = "[REDACTED]";

const SENSITIVE_NAME =
  /(pass(word)?|passwd|secret|token|api[-_]?key|apikey|access[-_]?key|private[-_]?key|client[-_]?secret|consumer[-_]?(key|secret)|authorization|signature|credential|cookie|^key$|bearer|developer[-_]?token)/i;

/** True for a field or parameter name that holds a secret (access_token, apiKey, password, ...). */
export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

const PATTERNS: [RegExp, string][] = [
  // Authorization: Bearer xyz / Basic xyz / OAuth oauth_token="..." up to the end of the header line
  [/(authorization\s*[:=]\s*)("?)[^\r\n"]+\2/gi, `$1$2${REDACTED}$2`],
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  // query strings and form bodies: ?access_token=...&apikey=...; also inside brackets and lists
  // of an error message: "(password=...)", "[token=...]", "user=x,password=..."
  [
    /([?&;,([{]|^|\s)((?:[a-z0-9_.-]*)(?:token|secret|password|passwd|api[-_]?key|apikey|signature|client_secret|consumer_key|key)(?:[a-z0-9_.-]*))=([^&\s"'#]*)/gi,
    `$1$2=${REDACTED}`,
  ],
  // OAuth grants under ordinary names (exact names only: "country_code" or "zip_code" stay):
  // whoever holds an authorization code or verifier can still redeem it.
  [/([?&;,([{]|^|\s)(code|oauth_verifier|spapi_oauth_code)=([^&\s"'#]*)/gi, `$1$2=${REDACTED}`],
  // JSON: "access_token": "..." / 'password': '...'
  [
    /(["'])([a-z0-9_.-]*(?:token|secret|password|passwd|api[-_]?key|apikey|signature|authorization|credential|private[-_]?key)[a-z0-9_.-]*)\1(\s*:\s*)(["'])((?:\\.|(?!\4).)*)\4/gi,
    `$1$2$1$3$4${REDACTED}$4`,
  ],
  // JSON: "key": "..." / "consumer_key": "..." (a bare "key" field, but not "keyword" or "monkey")
  [/(["'])((?:[a-z0-9]+[_-])*key)\1(\s*:\s*)(["'])((?:\\.|(?!\4).)*)\4/gi, `$1$2$1$3$4${REDACTED}$4`],
  // x-api-key: abc / x-shopify-access-token: abc (header dumps)
  [/\b((?:x-)?[a-z-]*(?:api-key|access-token|auth-token|secret)[a-z-]*\s*:\s*)[^\s,;]+/gi, `$1${REDACTED}`],
  // The password of a URL's user info: postgres://user:secret@host/db (a connection string in an error).
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*:)[^\s/?#@]+@/gi, `$1${REDACTED}@`],
  // Long opaque strings (JWTs) are tokens wherever they are.
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, REDACTED],
];

/** Known secret values shorter than this are not cut literally: "1" or "void" would shred text. */
const MIN_LITERAL_SECRET = 6;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function redactString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_LITERAL_SECRET) continue;
    out = out.replace(new RegExp(escapeRegExp(secret), "g"), REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.replace(new RegExp(escapeRegExp(encoded), "g"), REDACTED);
  }
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

function redactValue(value: unknown, secrets: readonly string[], seen: WeakSet<object>): unknown {
  if (typeof value === "string") return redactString(value, secrets);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactString(value.message, secrets) };
  }
  if (typeof Headers !== "undefined" && value instanceof Headers) {
    const out: Record<string, string> = {};
    value.forEach((v, k) => {
      out[k] = isSensitiveName(k) ? REDACTED : redactString(v, secrets);
    });
    return out;
  }
  if (value instanceof URL) return redactString(value.toString(), secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, seen));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      isSensitiveName(key) && inner !== null && inner !== undefined && typeof inner !== "object"
        ? REDACTED
        : redactValue(inner, secrets, seen);
  }
  return out;
}

/**
 * Returns a copy of `value` (string, object, array, Error, Headers, URL) with secrets replaced by
 * [REDACTED]. `secrets` are literal values to remove wherever they appear, e.g. the credential's
 * tokens.
 */
export function redact<T>(value: T, secrets: readonly string[] = []): T {
  return redactValue(value, secrets, new WeakSet()) as T;
}

/** The literal secret strings of a credential-like object, for `redact(x, secrets)`. */
export function secretsOf(...sources: unknown[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, name: string) => {
    if (typeof value === "string") {
      if (isSensitiveName(name) || name === "key") found.add(value);
      return;
    }
    if (Array.isArray(value)) return value.forEach((v) => walk(v, name));
    if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  for (const source of sources) walk(source, "");
  return [...found].filter((s) => s.length >= MIN_LITERAL_SECRET);
}
