import http from "node:http";
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

export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Sends exactly these headers and body to a served app (node:http: any Origin, Host,
 * Sec-Fetch-Site or body a hostile client would send, which fetch() would normalise or refuse).
 * Host defaults to the server's own; an empty header value leaves the header out. A server may
 * answer before it has read a large body and close the connection: the answer counts.
 */
export function rawRequest(server: { url: string }, req: RawRequest): Promise<RawResponse> {
  const target = new URL(server.url);
  const headers: Record<string, string | number> = { host: target.host, ...req.headers };
  if (req.body !== undefined) headers["content-length"] = Buffer.byteLength(req.body);
  for (const [name, value] of Object.entries(headers)) if (value === "") delete headers[name];
  return new Promise((resolve, reject) => {
    let answered: RawResponse | undefined;
    const outgoing = http.request({ agent: false, hostname: "127.0.0.1", port: Number(target.port), method: req.method, path: req.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve((answered = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") })));
      res.on("error", (error) => (answered ? undefined : reject(error)));
    });
    outgoing.on("error", (error) => (answered ? undefined : reject(error)));
    // A request the server never answers is a finding, not a hung test (idle time, far above any
    // answer on a loaded machine).
    outgoing.setTimeout(120_000, () => outgoing.destroy(new Error("no answer within 120 s")));
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}
