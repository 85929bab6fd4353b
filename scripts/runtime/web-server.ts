// The web server: what remix-serve does (compression, static assets, access log, Remix handler),
// with one difference: the access log line goes through the engine's redaction, so the API key
// of a query URL (/api/request?...&apikey=...) and any other secret-looking parameter never
// reach a log file. Used by the start command and by bench/query-url.
import { createRequire } from "node:module";
import path from "node:path";
import url from "node:url";
import { createRequestHandler as createRemixHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express, type Request, type Response as ExpressResponse } from "express";
import morgan from "morgan";
import { redact } from "../../engine/core/redact.js";
import { installProcessGuards } from "../../lib/process-guards.js";

/** The request path as it may be logged: secret parameters replaced by [REDACTED]. */
export function loggableUrl(raw: string): string {
  return redact(raw);
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
  for (const [key, value] of response.headers.entries()) res.append(key, value);
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

// Exported by @remix-run/express at run time (the request with abort-on-close), absent from its types.
type RemixExpressInternals = { createRemixRequest(req: Request, res: ExpressResponse): globalThis.Request };
// @remix-run/express builds the Fetch request (with abort when the client leaves) in its server
// module but only exports the whole handler from its entry; we reuse that function as is.
const { createRemixRequest } = createRequire(import.meta.url)("@remix-run/express/dist/server.js") as RemixExpressInternals;

function remixHandler(build: ServerBuild, mode: string | undefined) {
  const handle = createRemixHandler(build, mode);
  return async (req: Request, res: ExpressResponse, next: (error?: unknown) => void) => {
    try {
      const response = await handle(createRemixRequest(req, res), undefined);
      await sendWithBackpressure(res, response);
    } catch (error) {
      next(error);
    }
  };
}

export function createWebApp(build: ServerBuild, opts: { accessLog?: boolean; compress?: boolean; mode?: string } = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  if (opts.compress !== false) app.use(compression());
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
  const port = Number(process.env.PORT) || 3000;
  const app = createWebApp(build);
  const server = process.env.HOST ? app.listen(port, process.env.HOST) : app.listen(port);
  server.on("listening", () => console.log(`[web] http://localhost:${port}`));
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => server.close(() => process.exit(0)));
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error("[web] failed to start:", error);
    process.exit(1);
  });
}
