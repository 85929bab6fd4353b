// The one gate for every redirect target that comes from input (redirectTo, returnTo, cookies
// holding a return path). Browsers forgive a lot in a Location header: they drop tabs and
// newlines anywhere ("/\t/evil" becomes "//evil"), read "\" as "/", and resolve "/./\evil" to
// "//evil", a protocol-relative URL on another host. So the target is refused (not repaired)
// whenever it, or any percent-decoding of it, holds such a character or starts like a host;
// what passes is re-serialised by the WHATWG URL parser and checked again on our own origin.

/** Longer targets are refused: no page of ours needs one, and headers have limits. */
export const MAX_REDIRECT_LENGTH = 2000;

// C0 and C1 controls, DEL, the backslash, and the look-alikes of "/" and "\" that some parsers
// fold into them (fullwidth, division, fraction...). A raw target also may not hold any Unicode
// space (a real URL carries them escaped); its decoded layers may (a search for "Demo Ads").
// eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
const FORBIDDEN_DECODED = /[\u0000-\u001f\u007f-\u009f\\\u2044\u2215\u2216\u2afd\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/u;
const FORBIDDEN = new RegExp(`${FORBIDDEN_DECODED.source}|\\s`, "u");
const HOST_LIKE_START = /^\/[/\\]/;
const SENTINEL_ORIGIN = "http://signalpost.invalid";

function looksSafe(value: string): boolean {
  return value.startsWith("/") && !HOST_LIKE_START.test(value) && !FORBIDDEN.test(value);
}

/** Decodes percent-escapes layer by layer (%252F -> %2F -> /) so encoded variants are seen too. */
function decodedLayers(value: string, depth = 3): string[] {
  const layers: string[] = [];
  let current = value;
  for (let i = 0; i < depth; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // A lone "%" is not an escape: keep what decoded so far and stop.
      break;
    }
    if (next === current) break;
    layers.push(next);
    current = next;
  }
  return layers;
}

/** The same-origin path (with query and fragment) that `value` names, or null when it is not one. */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!looksSafe(value)) return null;
  if (!decodedLayers(value).every((layer) => !HOST_LIKE_START.test(layer) && !FORBIDDEN_DECODED.test(layer))) return null;
  let url: URL;
  try {
    url = new URL(value, SENTINEL_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SENTINEL_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a host: "/..//evil" serialises as "//evil".
  return looksSafe(path) ? path : null;
}

/** A same-origin path to redirect to; anything else (other hosts, junk, nothing) gives `fallback`. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return sameOriginPath(value) ?? fallback;
}
