// ESLint rule: the arrows of docs/architecture.md ("Layers") between the repository's folders.
// Each import is resolved to the folder it lands in, so "../../db/x.js" from lib/ is caught however
// deep the file sits, and type-only imports are told apart (workflows may see activities' types).
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** The layer a repository path belongs to: its top folder, with temporal/ split by role. */
export function layerOf(relativePath) {
  const parts = relativePath.split(path.sep);
  const top = parts[0];
  if (top === "temporal") {
    // Imports name "./shared.js" for shared.ts: compare module names without their extension.
    const name = (parts[1] ?? "").replace(/\.(js|ts)$/, "");
    if (name === "workflows") return "temporal/workflows";
    if (name === "activities") return "temporal/activities";
    // worker.ts wires activities and workflows; client, schedules and shared are what app may use.
    if (name === "worker") return "temporal/worker";
    // Workflows import shared.ts, so it is bundled into Temporal's sandbox: it may import nothing.
    if (name === "shared") return "temporal/shared";
    return "temporal/client";
  }
  if (["app", "server", "engine", "db", "lib"].includes(top)) return top;
  return null; // scripts/, tests/, bench/, integrations/, config files: free to use anything
}

/** Who may import whom (docs/architecture.md "Layers"). A layer may always import itself. */
export const ALLOWED = {
  app: ["server", "db", "engine", "lib", "temporal/client", "temporal/shared"],
  server: ["db", "engine", "lib", "temporal/client", "temporal/shared"],
  "temporal/activities": ["server", "db", "engine", "lib", "temporal/client", "temporal/shared"],
  "temporal/worker": ["temporal/activities", "temporal/workflows", "temporal/client", "temporal/shared", "server", "db", "engine", "lib"],
  "temporal/client": ["lib", "temporal/shared"],
  "temporal/shared": [],
  // Workflows are replayed: they see only their own folder, shared types and activities' types.
  "temporal/workflows": ["temporal/shared"],
  engine: [],
  db: ["lib"],
  lib: [],
};

// Workflows see their activities' types; the client names workflows and checks their arguments by type.
const TYPE_ONLY_ALLOWED = { "temporal/workflows": ["temporal/activities"], "temporal/client": ["temporal/workflows"] };

function resolveSpecifier(file, specifier) {
  if (specifier.startsWith("~/")) return path.join(ROOT, "app", specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
  return null;
}

/** App modules that reach the browser bundle: everything in app/ but services and *.server files. */
function isBrowserCode(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join("/");
  return rel.startsWith("app/") && !rel.startsWith("app/services/") && !/\.server\.tsx?$/.test(rel);
}

function isTypeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Imports follow the layer arrows of docs/architecture.md" },
    schema: [],
    messages: {
      forbidden: "{{from}} may not import {{to}} ({{specifier}}): see the layer arrows in docs/architecture.md.",
      engineEntry: "Import the engine through its public entry, engine/index.ts (server code) or engine/browser.ts (browser code), not {{specifier}}.",
      browserEntry: "Browser code imports engine/browser.ts, not engine/index.ts: the full entry brings every connector and driver into the page bundle.",
    },
  },
  create(context) {
    const file = context.filename;
    // Tests sit next to what they test but may reach across layers to set the scene.
    if (/\.(test|spec)\.tsx?$/.test(file)) return {};
    const fromLayer = layerOf(path.relative(ROOT, file));
    if (!fromLayer) return {};
    function check(node, source) {
      if (!source || typeof source.value !== "string") return;
      const target = resolveSpecifier(file, source.value);
      if (!target) return;
      const toLayer = layerOf(path.relative(ROOT, target));
      if (!toLayer || toLayer === fromLayer) return;
      if (toLayer === "engine" && ALLOWED[fromLayer]?.includes("engine")) {
        const entry = path.relative(path.join(ROOT, "engine"), target).replace(/\.(js|ts)$/, "");
        if (entry !== "index" && entry !== "browser") {
          context.report({ node: source, messageId: "engineEntry", data: { specifier: source.value } });
        } else if (entry === "index" && isBrowserCode(file)) {
          context.report({ node: source, messageId: "browserEntry" });
        }
        return;
      }
      if (ALLOWED[fromLayer]?.includes(toLayer)) return;
      if (TYPE_ONLY_ALLOWED[fromLayer]?.includes(toLayer) && isTypeOnly(node)) return;
      context.report({ node: source, messageId: "forbidden", data: { from: fromLayer, to: toLayer, specifier: source.value } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
