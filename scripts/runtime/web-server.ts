// The web server: what remix-serve does (compression, static assets, access log, Remix handler),
// with one difference: the access log line goes through the engine's redaction, so the API key
// of a query URL (/api/request?...&apikey=...) and any other secret-looking parameter never
// reach a log file. Used by the start command and by bench/query-url.
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express, type Request } from "express";
import morgan from "morgan";
import { redact } from "../../engine/core/redact.js";

/** The request path as it may be logged: secret parameters replaced by [REDACTED]. */
export function loggableUrl(raw: string): string {
  return redact(raw);
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
  app.all("*", createRequestHandler({ build, mode: opts.mode ?? process.env.NODE_ENV }));
  return app;
}

export async function loadBuild(buildPath = "build/index.js"): Promise<ServerBuild> {
  return (await import(url.pathToFileURL(path.resolve(buildPath)).href)) as ServerBuild;
}

async function main() {
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
