// The app's routes as the Remix compiler sees them: the manifest comes from Remix's own
// file-convention function (flatRoutes, the one `remix build` calls), and each route's module is
// imported from source, so a sweep over this list covers every route that exists, including
// ones added after the sweep was written.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import type { ServerBuild } from "@remix-run/node";
import type { ObjectKind } from "./tenant.js";
import { listPlatforms } from "../../engine/index.js";
import { credentialFormPath, hasCredentialForm } from "~/services/sources.server";

const appDirectory = path.resolve(__dirname, "../../app");

type RemixConfig = { ignoredRouteFiles?: string[]; future: Record<string, boolean> };

/** remix.config.js, read at run time (a static import would pull the file into the TypeScript program). */
async function remixConfig(): Promise<RemixConfig> {
  const file = url.pathToFileURL(path.resolve(__dirname, "../../remix.config.js")).href;
  return ((await import(file)) as { default: RemixConfig }).default;
}

type RouteModule = Record<string, unknown> & { loader?: unknown; action?: unknown; default?: unknown; ErrorBoundary?: unknown };

export type AppRoute = {
  id: string;
  parentId: string | undefined;
  /** The route's own path segment(s), relative to its parent. */
  path: string | undefined;
  index: boolean;
  file: string;
  /** The full URL pattern, e.g. "/data-connector/data-stream/:id/jobs/:jobId". */
  pattern: string;
  /** Dynamic segment names in order ("*" for a splat). */
  params: string[];
  module: RouteModule;
  hasLoader: boolean;
  hasAction: boolean;
  /** No component and no error boundary: Remix answers it as a resource route (no document). */
  isResource: boolean;
};

let cached: Promise<AppRoute[]> | undefined;

/** Every route of the app (root included), with its module imported from source. */
export function appRoutes(): Promise<AppRoute[]> {
  cached ??= loadRoutes();
  return cached;
}

async function loadRoutes(): Promise<AppRoute[]> {
  const manifest = {
    root: { id: "root", parentId: undefined, path: "", index: false, file: "root.tsx" },
    ...flatRoutes(appDirectory, (await remixConfig()).ignoredRouteFiles ?? []),
  };
  const entries = Object.values(manifest);
  const byId = new Map(entries.map((r) => [r.id, r]));
  const fullPath = (id: string | undefined): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    const own = route.path ?? "";
    const parent = fullPath(route.parentId);
    return own ? `${parent}/${own}` : parent;
  };
  return Promise.all(
    entries.map(async (r) => {
      const module = (await import(path.join(appDirectory, r.file))) as RouteModule;
      const pattern = fullPath(r.id) || "/";
      return {
        id: r.id,
        parentId: r.parentId,
        path: r.path,
        index: Boolean(r.index),
        file: r.file,
        pattern: pattern.replace(/\/+/g, "/"),
        params: [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*"),
        module,
        hasLoader: typeof module.loader === "function",
        hasAction: typeof module.action === "function",
        isResource: module.default == null && module.ErrorBoundary == null,
      };
    }),
  );
}

/** A concrete URL path for a route: its params filled by `fill(name)`; index routes get ?index on posts. */
export function routePath(route: AppRoute, fill: (param: string) => string): string {
  return route.pattern.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => encodeURIComponent(fill(name ?? "*")).replace(/%2F/g, "/"));
}

/**
 * The server build `remix build` would produce, from the source modules: the same route manifest,
 * entry module and future flags, so Remix's own request handler (document, data and resource
 * requests, error boundaries, handleError) runs exactly as in production.
 */
export async function sourceServerBuild(): Promise<ServerBuild> {
  const routes = await appRoutes();
  const entry = (await import(path.join(appDirectory, "entry.server.tsx"))) as ServerBuild["entry"]["module"];
  const { future } = await remixConfig();
  return {
    mode: "production",
    entry: { module: entry },
    routes: Object.fromEntries(
      routes.map((r) => [r.id, { id: r.id, parentId: r.parentId, path: r.path, index: r.index || undefined, caseSensitive: undefined, module: r.module }]),
    ) as unknown as ServerBuild["routes"],
    assets: {
      url: "/build/manifest.js",
      version: "source",
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        routes.map((r) => [
          r.id,
          {
            id: r.id,
            parentId: r.parentId,
            path: r.path,
            index: r.index || undefined,
            module: `/build/${r.id}.js`,
            hasLoader: r.hasLoader,
            hasAction: r.hasAction,
            hasClientLoader: false,
            hasClientAction: false,
            hasErrorBoundary: r.module.ErrorBoundary != null,
          },
        ]),
      ),
    } as unknown as ServerBuild["assets"],
    publicPath: "/build/",
    assetsBuildDirectory: path.resolve(__dirname, "../../public/build"),
    future: future as unknown as ServerBuild["future"],
    isSpaMode: false,
  };
}

/** The app source files a route module imports (its services, utils and components), to a depth of two. */
function sourceFilesOf(route: AppRoute, depth = 2): string[] {
  const seen = new Set<string>();
  const visit = (file: string, level: number) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    if (level === depth) return;
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/from\s+"((?:~|\.{1,2})\/[^"]+)"/g)) {
      const spec = m[1]!;
      const base = spec.startsWith("~/") ? path.join(appDirectory, spec.slice(2)) : path.resolve(path.dirname(file), spec);
      const stem = base.replace(/\.js$/, "");
      const found = [".ts", ".tsx", ""].map((ext) => stem + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (found && found.startsWith(appDirectory)) visit(found, level + 1);
    }
  };
  visit(path.join(appDirectory, route.file), 0);
  return [...seen];
}

export type FormShape = { fields: string[]; intents: string[]; queryParams: string[] };

/**
 * What a route's forms and URLs carry, read from its source and the modules it imports: the field
 * names its components render and its code reads, the values its schemas and code compare an
 * `intent` (or similar switch) with, and the query parameters it reads. A sweep fills these with
 * hostile values, so new fields are covered without editing the sweep.
 */
export function formShape(route: AppRoute): FormShape {
  const fields = new Set<string>();
  const intents = new Set<string>();
  const queryParams = new Set<string>();
  for (const file of sourceFilesOf(route)) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/\b(?:formData|form|fd|data)\.get(?:All)?\("([A-Za-z_][\w.[\]-]*)"\)/g)) fields.add(m[1]!);
    for (const m of text.matchAll(/\bname[=:]\s*["{]?"([A-Za-z_][\w.[\]-]*)"/g)) fields.add(m[1]!);
    for (const m of text.matchAll(/^\s*([A-Za-z_]\w*):\s*z\./gm)) fields.add(m[1]!);
    // Query parameters the route and its services read (the components' own, sort and tab, are not ids).
    if (!file.includes(`${path.sep}components${path.sep}`)) for (const m of text.matchAll(/\b(?:searchParams|params|q|query)\.get\("([A-Za-z_][\w-]*)"\)/g)) queryParams.add(m[1]!);
    for (const m of text.matchAll(/intent:\s*z\.literal\("([\w-]+)"\)/g)) intents.add(m[1]!);
    for (const m of text.matchAll(/intent:\s*z\.enum\(\[([^\]]+)\]/g)) for (const v of m[1]!.matchAll(/"([\w-]+)"/g)) intents.add(v[1]!);
    for (const m of text.matchAll(/(?:intent|\.get\("intent"\))\s*[!=]==\s*"([\w-]+)"/g)) intents.add(m[1]!);
    for (const m of text.matchAll(/name="intent"\s+value="([\w-]+)"/g)) intents.add(m[1]!);
  }
  return { fields: [...fields].sort(), intents: [...intents].sort(), queryParams: [...queryParams].sort() };
}

/** What a dynamic segment names: a tenant object (by kind) or a value that is not a row id. */
export type ParamMeaning = { id: ObjectKind | "gdsField" } | { text: "platform" | "templateType" | "credentialForm" | "token" | "splat" | "logoFile" };

// `$id` means a different object under each path; the other names mean the same everywhere.
const ID_BY_PREFIX: Array<[string, ObjectKind | "gdsField"]> = [
  ["/data-connector/data-stream/:id", "stream"],
  ["/data-connector/destinations/:id", "destination"],
  ["/data-connector/sources/:id", "source"],
  ["/data-connector/local-storage/:id", "localStorage"],
  ["/data-connector/connections/:id", "connection"],
  ["/data-connector/api/:id", "savedQuery"],
  ["/company/settings/alerts/templates/create/:id", "alert"],
  ["/company/settings/alerts/templates/:id", "template"],
  ["/admin/google_data_studio/:id", "gdsField"],
];
const PARAMS: Record<string, ParamMeaning> = {
  clientId: { id: "account" },
  configuredForId: { id: "configuredFor" },
  alertId: { id: "alert" },
  jobId: { id: "job" },
  platform: { text: "platform" },
  templateType: { text: "templateType" },
  credentialForm: { text: "credentialForm" },
  token: { text: "token" },
  uuid: { text: "token" },
  "*": { text: "splat" },
  file: { text: "logoFile" },
};

/** A new dynamic segment fails here until the sweep knows what it names. */
export function paramMeaning(route: AppRoute, param: string): ParamMeaning {
  if (param === "id") {
    const hit = ID_BY_PREFIX.find(([prefix]) => route.pattern.startsWith(prefix));
    if (hit) return { id: hit[1] };
  } else if (PARAMS[param]) {
    return PARAMS[param];
  }
  throw new Error(`${route.file}: the sweep does not know what the segment "${param}" names; add it to tests/support/route-list.ts`);
}

// Form fields and query parameters that carry a row id, by name; a few names mean different
// objects per route. Names not listed carry no row id (accountId is a platform's own account id).
const FIELD_KINDS: Record<string, ObjectKind[]> = {
  dataSourceId: ["account"],
  dataSourceIds: ["account"],
  userIds: ["user"],
  userId: ["user"],
  sentryId: ["template", "alert"],
  jobId: ["job"],
  sourceId: ["source"],
  authorizationId: ["source"],
  networkAuthorizationId: ["source"],
  destinationId: ["destination"],
  configuredForId: ["configuredFor"],
};
const FIELD_KINDS_BY_ROUTE: Record<string, Record<string, ObjectKind[]>> = {
  "routes/_app.data-connector.sources._index": { id: ["source"], delete: ["source"] },
  "routes/_app.data-connector.destinations._index": { id: ["destination"], delete: ["destination"] },
  "routes/_app.settings.users": { id: ["user", "invitation"], user: ["user"] },
  "routes/_app.data-connector.power-bi": { id: ["savedQuery"], delete: ["savedQuery"], url: ["savedQuery"] },
  "routes/_app.data-connector.api._index": { id: ["savedQuery"], delete: ["savedQuery"], source: ["source"], authorization_id: ["source"] },
  "routes/_app.data-connector.api.$id": { id: ["savedQuery"], delete: ["savedQuery"], source: ["source"], authorization_id: ["source"] },
  "routes/admin.users": { id: ["user"] },
  "routes/_app.data-connector.local-storage.$id": { sourceId: ["localStorageSource"], remove: ["localStorageSource"] },
  "routes/_app.data-connector.data-stream.$id": { job: ["job"] },
  "routes/_app.data-sources.add": { source: ["source"], client: ["account"] },
  "routes/_app.getting-started": { source: ["source"] },
  "routes/_app.company.settings_.alerts.templates._index": { id: ["template"], delete: ["template"] },
};

/** The kinds of object a form field or query parameter of this route names by id (empty: none). */
export function fieldKinds(route: AppRoute, field: string): ObjectKind[] {
  return FIELD_KINDS_BY_ROUTE[route.id]?.[field] ?? FIELD_KINDS[field] ?? [];
}

/** A valid value for a segment that is not a row id (a platform that exists, a token that does not). */
export function textParam(kind: Extract<ParamMeaning, { text: string }>["text"]): string {
  switch (kind) {
    case "platform":
      return "demo";
    case "templateType":
      return "google_sheets";
    case "credentialForm": {
      const platform = listPlatforms().find((p) => hasCredentialForm(p));
      return platform ? credentialFormPath(platform).slice(1) : "demo";
    }
    case "token":
      return "0".repeat(64);
    case "splat":
      return "no/such/page";
    case "logoFile":
      return "demo.svg";
  }
}

/** The route module's own source text. */
export function routeSource(route: AppRoute): string {
  return fs.readFileSync(path.join(appDirectory, route.file), "utf8");
}

/** A form for one intent of a route: every field it knows, id fields naming `ids`' objects, "value" elsewhere. */
export function baseForm(route: AppRoute, ids: Record<ObjectKind, number>, intent: string | undefined): Record<string, string> {
  const form: Record<string, string> = {};
  for (const field of formShape(route).fields) {
    const kinds = fieldKinds(route, field);
    form[field] = kinds.length ? String(ids[kinds[0]!]) : "value";
  }
  if (intent !== undefined) form.intent = intent;
  return form;
}
