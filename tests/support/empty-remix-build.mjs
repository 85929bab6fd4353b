// The least a Remix server build must export for scripts/runtime/web-server.ts to start listening
// (Remix derives its routes on the first request): tests/integration/process-guards.test.ts starts
// the real web entry point on it without building the app.
export const future = {};
export const publicPath = "/build/";
export const assetsBuildDirectory = "public/build";
export const routes = {};
export const assets = { routes: {}, entry: { module: "", imports: [] }, url: "", version: "0" };
export const entry = { module: {} };
export const mode = "production";
export const isSpaMode = false;
