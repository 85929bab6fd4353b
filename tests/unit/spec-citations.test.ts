// Code comments cite the specification as "spec N §x" (docs/spec/N-*.md, section x) and the design
// records by path (docs/...). A citation that names no section of the copy in the repository, or a
// path to a document outside the repository, leaves the next reader with nothing to open.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const CODE_DIRS = ["app", "server", "engine", "temporal", "db", "lib", "scripts", "tests", "bench"];
const CODE_FILE = /\.(ts|tsx|js|mjs|sh)$/;

function codeFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name.endsWith(".generated.ts")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) codeFiles(full, out);
    else if (CODE_FILE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Section numbers each spec document has, from its headings ("## 3. Entities", "### 2.7 Alert detail"). */
function specSections(): Map<string, Set<string>> {
  const sections = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(path.join(root, "docs/spec"))) {
    const doc = /^(\d+)-.*\.md$/.exec(name)?.[1];
    if (!doc) continue;
    const numbers = new Set<string>();
    for (const line of fs.readFileSync(path.join(root, "docs/spec", name), "utf8").split("\n")) {
      const heading = /^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
      if (heading) numbers.add(heading[1]);
    }
    sections.set(doc, numbers);
  }
  return sections;
}

export function unresolvedCitations(files: string[], sections: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const rel = path.relative(root, file);
    if (rel === "tests/unit/spec-citations.test.ts") continue;
    for (const match of text.matchAll(/spec (\d+) §(\d+(?:\.\d+)*)/g)) {
      const [, doc, section] = match;
      if (!sections.get(doc)?.has(section)) problems.push(`${rel}: "spec ${doc} §${section}" names no section of docs/spec/${doc}-*.md`);
    }
    for (const match of text.matchAll(/\.\.\/shared\/(?:DESIGN|TOOLCHAIN|spec)\b[^\s)]*/g)) {
      problems.push(`${rel}: cites ${match[0]}, a document outside the repository`);
    }
  }
  return problems;
}

describe("citations in code comments", () => {
  const sections = specSections();

  it("the spec's copy in docs/spec has its three documents with their sections", () => {
    expect([...sections.keys()].sort()).toEqual(["1", "2", "3"]);
    expect(sections.get("1")?.has("2.7")).toBe(true);
  });

  it("every 'spec N §x' names a section of docs/spec and no comment points outside the repository", () => {
    const files = CODE_DIRS.flatMap((d) => (fs.existsSync(path.join(root, d)) ? codeFiles(path.join(root, d)) : []));
    expect(files.length).toBeGreaterThan(100);
    expect(unresolvedCitations(files, sections)).toEqual([]);
  });

  it("a citation of a section the spec does not have is reported", () => {
    const tmp = fs.mkdtempSync(path.join(root, "node_modules/.spec-citation-"));
    try {
      const file = path.join(tmp, "x.ts");
      fs.writeFileSync(file, "// spec 2 §42 and ../shared/DESIGN.md §1\n");
      expect(unresolvedCitations([file], sections)).toHaveLength(2);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
