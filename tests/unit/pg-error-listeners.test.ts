// Keeps decision 0800: every node-postgres Client and Pool is made by db/pg-clients.ts (which
// listens to 'error'), so a database connection that dies can never crash a process. The engine's
// PostgreSQL loader, which may import nothing of ours, is the one other place, and it must listen
// itself; so must the MySQL and Azure SQL loaders on their connections.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const SCANNED = ["app", "bench", "db", "engine", "integrations", "lib", "scripts", "server", "temporal", "tests"];
const SKIPPED = new Set(["node_modules", "build", ".cache", "fixtures"]);
const HELPER = "db/pg-clients.ts";
const PG_LOADER = "engine/destinations/postgres/loader.ts";
const SELF = "tests/unit/pg-error-listeners.test.ts"; // its examples are strings

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIPPED.has(e.name)) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

const escape = (s: string) => s.replace(/[$]/g, "\\$");

/**
 * Where a source constructs or subclasses a pg Client or Pool itself: through a default or
 * namespace import (`new pg.Pool(`), a named import (`new Client(`, `new P(` for `Pool as P`), a
 * destructured one (`const { Client } = pg`) or a dynamic import (`new (await import("pg")).Client(`).
 */
export function pgConstructions(source: string): string[] {
  const found: string[] = [];
  const add = (re: RegExp) => {
    for (const m of source.matchAll(re)) found.push(m[0]);
  };
  add(/new\s*\(\s*await\s+import\(\s*["']pg["']\s*\)\s*\)\s*\.\s*(?:default\s*\.\s*)?(?:Client|Pool)\s*\(/g);
  add(/new\s+(?:require\(\s*["']pg["']\s*\))\s*\.\s*(?:Client|Pool)\s*\(/g);
  const namespaces = new Set<string>();
  const classes = new Set<string>();
  for (const m of source.matchAll(/import\s+(?:\*\s+as\s+)?([\w$]+)\s*(?:,\s*\{([^}]*)\})?\s*from\s*["']pg["']/g)) {
    namespaces.add(m[1]!);
    if (m[2]) for (const part of m[2].split(",")) addNamed(part);
  }
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']pg["']/g)) for (const part of m[1]!.split(",")) addNamed(part);
  for (const m of source.matchAll(/(?:const|let|var)\s+([\w$]+)\s*=\s*(?:require\(\s*["']pg["']\s*\)|await\s+import\(\s*["']pg["']\s*\))/g)) namespaces.add(m[1]!);
  for (const ns of [...namespaces]) for (const m of source.matchAll(new RegExp(`(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*${escape(ns)}\\b`, "g"))) for (const part of m[1]!.split(",")) addNamed(part.replace(":", " as "));
  function addNamed(part: string) {
    const [name, alias] = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).map((s) => s.trim());
    if (name === "Client" || name === "Pool") classes.add(alias || name);
  }
  for (const ns of namespaces) add(new RegExp(`(?:new|extends)\\s+${escape(ns)}\\s*\\.\\s*(?:default\\s*\\.\\s*)?(?:Client|Pool)\\b`, "g"));
  for (const cls of classes) add(new RegExp(`(?:new|extends)\\s+${escape(cls)}\\b(?!\\s*\\.)`, "g"));
  return found;
}

describe("pg clients and pools listen to 'error' (decision 0800)", () => {
  it("finds the constructions it must refuse", () => {
    expect(pgConstructions(`import pg from "pg";\nconst c = new pg.Client({});`)).toHaveLength(1);
    expect(pgConstructions(`import * as pg from "pg";\nclass Mine extends pg.Client {}`)).toHaveLength(1);
    expect(pgConstructions(`import { Pool as P, types } from "pg";\nconst p = new P();`)).toHaveLength(1);
    expect(pgConstructions(`import pg from "pg";\nconst { Client, Pool: Pl } = pg;\nnew Client(); new Pl();`)).toHaveLength(2);
    expect(pgConstructions(`const c = new (await import("pg")).default.Client();`)).toHaveLength(1);
    expect(pgConstructions(`const pg = require("pg");\nnew pg.Pool();`)).toHaveLength(1);
    // Temporal's Client, a type-only use and the helper's own classes are not pg constructions.
    expect(pgConstructions(`import type pg from "pg";\nimport { Client } from "@temporalio/client";\nlet r: pg.Client; new Client({});`)).toEqual([]);
    expect(pgConstructions(`import { PgClient } from "../db/pg-clients.js";\nnew PgClient({});`)).toEqual([]);
  });

  it("only db/pg-clients.ts and the engine's PostgreSQL loader construct them", () => {
    const offenders = SCANNED.flatMap((dir) => sourceFiles(path.join(root, dir)))
      .map((file) => ({ file: path.relative(root, file), found: pgConstructions(fs.readFileSync(file, "utf8")) }))
      .filter((f) => f.found.length > 0 && ![HELPER, PG_LOADER, SELF].includes(f.file))
      .map((f) => `${f.file}: ${f.found.join(", ")} (use PgClient, createPgPool or withPgClient from ${HELPER})`);
    expect(offenders).toEqual([]);
  });

  it("the helper and the destination loaders attach their 'error' listeners", () => {
    const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
    expect(read(HELPER)).toMatch(/class PgClient extends pg\.Client \{[^}]*this\.on\("error"/);
    expect(read(HELPER)).toMatch(/new pg\.Pool\(\{ \.\.\.config, Client: PgClient \}\);\s*pool\.on\("error"/);
    expect(read(PG_LOADER)).toMatch(/const client = new pg\.Client\([\s\S]*?\}\);\s*(?:\/\/.*\s*)*client\.on\("error"/);
    expect(read("engine/destinations/mysql/loader.ts")).toMatch(/this\.conn = await mysql\.createConnection\([\s\S]*?\}\);\s*this\.conn\.on\("error"/);
    expect(read("engine/destinations/azure-sql/loader.ts")).toMatch(/(?:\/\/.*\s*)*connection\.on\("error"[^\n]*\n\s*await new Promise<void>\(\(resolve, reject\) => \{\s*connection\.connect\(/);
  });
});
