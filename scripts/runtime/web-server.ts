// The web server: what remix-serve does (compression, static assets, access log, Remix handler),
// with two differences: the access log line goes through the engine's redaction, so the API key
// of a query URL (/api/request?...&apikey=...) and any other secret-looking parameter never
// reach a log file; and the browser boundary (decision 0860) is held here, in front of
// everything: headers on every response, CORS, preflights, cross-site form posts and addresses
// carrying control characters answered before Remix sees them (decision 0830). Used by the
// start command and by bench/query-url.
import { createRequire } from "node:module";
import path from "node:path";
import url from "node:url";
import { createRequestHandler as createRemixHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express, type Request, type Response as ExpressResponse } from "express";
import morgan from "morgan";
import { redact } from "../../engine/core/redact.js";
import { installProcessGuards } from "../../lib/process-guards.js";
import { getEnv, trustProxySetting } from "../../lib/env.js";
import { loggableUrl } from "../../app/utils/loggable-url.js";
import { corsHeaders, EVERY_RESPONSE_HEADERS, preflightAnswer } from "../../lib/browser-boundary.js";
import { isSameOriginRequest } from "../../app/services/csrf.server.js";
import { forbiddenCharacter } from "../../app/services/request-input.server.js";

export { loggableUrl };

/** IPv4 clients reach a dual-stack socket as "::ffff:1.2.3.4"; counters key them as "1.2.3.4". */
function plainAddress(address: string | undefined): string | null {
  if (!address) return null;
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/**
 * What every loader and action receives as `context`: the client's address, from the socket
 * unless TRUST_PROXY names the proxies whose X-Forwarded-For is believed (Express's req.ip).
 * Throttling and rate limits key on it (docs/decisions/0850-throttling.md).
 */
export function loadContextFor(req: Request): { clientAddress: string | null } {
  return { clientAddress: plainAddress(req.ip) };
}

/** Applies TRUST_PROXY (or the given setting) to an Express app. */
export function trustProxies(app: Express, setting: boolean | number | string = trustProxySetting()): void {
  app.set("trust proxy", setting);
}

/**
 * Writes a Fetch Response to the socket with backpressure. Remix's own adapter writes every chunk
 * without waiting for "drain", so a fast stream (a large query URL) would pile up in memory
 * before reaching the client; here the body is pulled only as fast as the client reads, and a
 * client that leaves cancels the body (which stops the upstream read).
 */
export async function sendWithBackpressure(res: ExpressResponse, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The application's headers replace the boundary's defaults; only Set-Cookie accumulates.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let closed = false;
  let wake: (() => void) | undefined;
  res.on("drain", () => wake?.());
  res.on("close", () => {
    closed = true;
    wake?.();
    void reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
      res.flush?.();
    }
  } finally {
    if (!closed) res.end();
  }
}

// Remix's own route matching (server-runtime internals, like createRemixRequest below): the
// boundary must know whether a path is a page (a route module with a component or an error
// boundary) or a resource route, exactly as Remix decides it.
type RouteManifest = ServerBuild["routes"];
type ServerRoute = { id: string; module: { default?: unknown; ErrorBoundary?: unknown } };
const { createRoutes } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/routes.js") as { createRoutes(manifest: RouteManifest): unknown[] };
const { matchServerRoutes } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/routeMatching.js") as {
  matchServerRoutes(routes: unknown[], pathname: string, basename?: string): Array<{ route: ServerRoute }> | null;
};

// Remix's own origin check for document posts (not exported from its entry): run first, so what
// it would throw on (an empty 500) is answered 403 instead, exactly as Remix decides it.
const { throwIfPotentialCSRFAttack } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/actions.js") as {
  throwIfPotentialCSRFAttack(headers: Headers): void;
};

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Why this address cannot be served, or null: a control character (a NUL in a query parameter
 * reaches a loader's SQL, which PostgreSQL refuses; no app code runs before every loader) or a
 * broken %-escape in the path. The same characters readForm refuses in forms.
 */
function hostileAddress(originalUrl: string): string | null {
  let url: URL;
  let path: string;
  try {
    url = new URL(originalUrl, "http://localhost");
    path = decodeURIComponent(url.pathname);
  } catch {
    return "The address is not valid: it contains a broken %-escape.";
  }
  for (const text of [path, ...[...url.searchParams].flat()]) {
    const bad = forbiddenCharacter(text);
    if (bad) return `The address contains a control character (${bad}), which is not allowed.`;
  }
  return null;
}

/**
 * The browser boundary, in front of static files and Remix (decision 0860):
 * - every response starts with EVERY_RESPONSE_HEADERS (nosniff, Referrer-Policy) and, on the
 *   paths other origins may read, the CORS headers;
 * - OPTIONS is answered here and never reaches a loader (Remix would run the route's loader: a
 *   query URL would run and count its query, a bearer endpoint would answer 401);
 * - a cross-site form post to a page gets 403. Remix itself throws on an Origin that does not
 *   match the Host before any action runs, which surfaces as a bare 500; data requests (?_data)
 *   and resource routes are left to the routes (requireUser / assertSameOrigin, or their
 *   machine credentials);
 * - an address with a control character or a broken %-escape gets 400 (decision 0830).
 */
export function browserBoundary(build: ServerBuild) {
  const routes = createRoutes(build.routes);
  const isPage = (pathname: string) => {
    const matches = matchServerRoutes(routes, pathname, build.basename);
    const last = matches?.[matches.length - 1]?.route;
    return Boolean(last && (last.module.default != null || last.module.ErrorBoundary != null));
  };
  return (req: Request, res: ExpressResponse, next: (error?: unknown) => void) => {
    for (const [k, v] of Object.entries({ ...EVERY_RESPONSE_HEADERS, ...corsHeaders(req.path) })) res.setHeader(k, v);
    if (req.method === "OPTIONS") {
      const answer = preflightAnswer(req.path);
      for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
      res.status(answer.status).end();
      return;
    }
    const badAddress = hostileAddress(req.originalUrl);
    if (badAddress) {
      if (req.query._data === undefined && isPage(req.path)) res.status(400).type("html").send(refusalPage("This address is not valid", badAddress));
      else res.status(400).type("text/plain").send(badAddress);
      return;
    }
    if (UNSAFE_METHODS.has(req.method) && req.query._data === undefined && isPage(req.path) && !sameOrigin(req)) {
      res.status(403).type("html").send(refusalPage("Cross-site form submissions are not accepted.", "This form was sent from another site. For your security, Signalpost only accepts forms sent from its own pages: nothing was changed."));
      return;
    }
    next();
  };
}

/** A page for a request refused before Remix (no script, no style: nothing the CSP must allow). */
function refusalPage(title: string, text: string): string {
  const escape = (t: string) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · Signalpost</title></head><body><main role="alert"><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/">Back to Signalpost</a></p></main></body></html>`;
}

/** Our origin rule (isSameOriginRequest) and Remix's own check both pass. */
function sameOrigin(req: Request): boolean {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  let url: string;
  try {
    url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`).href;
    throwIfPotentialCSRFAttack(headers);
  } catch {
    return false;
  }
  return isSameOriginRequest(new globalThis.Request(url, { method: req.method, headers }));
}

// Exported by @remix-run/express at run time (the request with abort-on-close), absent from its types.
type RemixExpressInternals = { createRemixRequest(req: Request, res: ExpressResponse): globalThis.Request };
// @remix-run/express builds the Fetch request (with abort when the client leaves) in its server
// module but only exports the whole handler from its entry; we reuse that function as is.
const { createRemixRequest } = createRequire(import.meta.url)("@remix-run/express/dist/server.js") as RemixExpressInternals;

function remixHandler(build: ServerBuild, mode: string | undefined) {
  const handle = createRemixHandler(build, mode);
  return async (req: Request, res: ExpressResponse, next: (error?: unknown) => void) => {
    let request: globalThis.Request;
    try {
      request = createRemixRequest(req, res);
    } catch {
      // A Host header that does not make a URL: the client's fault, not a 500 (decision 0830).
      res.status(400).type("text/plain").send("The request could not be read: its Host header is not valid.");
      return;
    }
    try {
      const response = await handle(request, loadContextFor(req));
      await sendWithBackpressure(res, response);
    } catch (error) {
      next(error);
    }
  };
}

export function createWebApp(build: ServerBuild, opts: { accessLog?: boolean; compress?: boolean; mode?: string; trustProxy?: boolean | number | string } = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  trustProxies(app, opts.trustProxy);
  if (opts.compress !== false) app.use(compression());
  app.use(browserBoundary(build));
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  if (opts.accessLog !== false) {
    morgan.token("safe-url", (req: Request) => loggableUrl(req.originalUrl || req.url));
    app.use(morgan(":method :safe-url :status :res[content-length] - :response-time ms"));
  }
  app.all("*", remixHandler(build, opts.mode ?? process.env.NODE_ENV));
  return app;
}

export async function loadBuild(buildPath = "build/index.js"): Promise<ServerBuild> {
  return (await import(url.pathToFileURL(path.resolve(buildPath)).href)) as ServerBuild;
}

async function main() {
  // One request's forgotten promise must not take every other tenant's requests down (decision 0800).
  installProcessGuards("web", { redact });
  const build = await loadBuild(process.argv[2]);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const { PORT: port, HOST: host } = getEnv();
  const app = createWebApp(build);
  const server = host ? app.listen(port, host) : app.listen(port);
  server.on("listening", () => console.log(`[web] http://localhost:${port}`));
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => server.close(() => process.exit(0)));
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error("[web] failed to start:", error);
    process.exit(1);
  });
}
