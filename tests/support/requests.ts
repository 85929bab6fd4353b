/** Builds requests the way a browser sends them, for calling route loaders and actions directly. */
export const ORIGIN = "http://localhost:3000";

export function formPost(path: string, fields: Record<string, string>, opts: { cookie?: string; origin?: string | null } = {}): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" });
  if (opts.origin !== null) headers.set("origin", opts.origin ?? ORIGIN);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

export function get(path: string, opts: { cookie?: string } = {}): Request {
  const headers = new Headers({ host: "localhost:3000" });
  if (opts.cookie) headers.set("cookie", opts.cookie);
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** The "name=value" pairs a browser would send back after this response. */
export function cookiesFrom(response: Response): string {
  // Remix's fetch globals (installed by a test that runs the web server) have raw() instead of getSetCookie().
  const headers = response.headers as Headers & { raw?: () => Record<string, string[]> };
  const raw = headers.getSetCookie?.() ?? headers.raw?.()["set-cookie"] ?? [];
  return raw
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Runs a loader or action and returns its Response whether it was returned or thrown. */
export async function settle(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const out = await fn();
    if (out instanceof Response) return out;
    return new Response(JSON.stringify(out), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
