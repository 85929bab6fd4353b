// How a request's URL may be written down (the access log, the impersonation audit): the
// app's routes that carry a bearer secret in the path have it cut, and so does every
// secret-looking query parameter (engine/core/redact.ts).
import { REDACTED, redact } from "../../engine/browser.js";

/**
 * Routes whose next path segment is a bearer secret: whoever reads the URL can use it (reset a
 * password, join a company, create one, link an add-in). Matched on decoded, lower-cased
 * segments, as the router matches them.
 */
const TOKEN_ROUTES = [["reset-password"], ["company", "create-user"], ["signup", "verify"], ["addons", "link"]];
/** Query parameters that are secrets under an ordinary name: the add-in's installation id. */
const SECRET_PARAMS = /([?&;])(uuid)=([^&#]*)/gi;

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

function redactPathTokens(path: string): string {
  const segments = path.split("/");
  const named = segments.map((segment, index) => ({ index, name: decodedSegment(segment) })).filter((s) => s.name !== "");
  for (const route of TOKEN_ROUTES) {
    const token = named[route.length];
    if (token && route.every((name, i) => named[i]?.name === name)) segments[token.index] = REDACTED;
  }
  return segments.join("/");
}

/** The request path as it may be logged: path tokens and secret parameters replaced by [REDACTED]. */
export function loggableUrl(raw: string): string {
  const queryAt = raw.search(/[?#]/);
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const rest = queryAt === -1 ? "" : raw.slice(queryAt);
  return redact(`${redactPathTokens(path)}${rest.replace(SECRET_PARAMS, `$1$2=${REDACTED}`)}`);
}

