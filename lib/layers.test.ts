import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * The layers of lib/ (docs/architecture.md), lowest first. A module of lib/ belongs to the unit
 * named by its first path segment (a folder, or a file at the top of lib/). A unit may import its
 * own files and units of lower layers; within one layer units may lean on each other, never in a
 * circle. Tests beside the code are left out: they may use whatever they need.
 */
const LAYERS: { name: string; units: string[] }[] = [
  {
    name: "foundation",
    units: [
      "schemas",
      "errors.ts",
      "ids.ts",
      "pick-known.ts",
      "env.ts",
      "process-slot.ts",
      "outside-request.ts",
      "log.ts",
      "dates",
      "forms",
      "traffic",
    ],
  },
  { name: "platform", units: ["db", "rate-limit", "observability", "idempotency", "mail"] },
  { name: "domain", units: ["teams", "auth", "webhooks", "chain", "history", "collections", "insights", "holders", "search"] },
  {
    name: "edges",
    units: ["http", "browse", "perks", "portal", "import-export", "startup", "openapi", "api-client", "wallet", "syndication"],
  },
  // Every route builder, by family: what an app/**/route.ts binds to a method and an auth kind.
  { name: "routes", units: ["routes"] },
];

/**
 * Imports still waiting for a file to move, each with the reason it may not move yet; the checks
 * below leave them out. The last check fails once one is gone, so the list cannot outlive its reason.
 */
const WAITING: Record<string, string> = {};

const LIB = path.resolve(import.meta.dirname);
const ROOT = path.dirname(LIB);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    const isSource = /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !/\.test\.tsx?$/.test(entry.name);
    return isSource ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this candidate.
    }
  }
  return null;
}

/** Every module of lib/ with the modules of lib/ it imports (static, type-only and dynamic imports alike). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(LIB)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((imported) => resolveImport(file, imported.fileName))
      .filter((target): target is string => target !== null && target.startsWith(LIB + path.sep));
    graph.set(path.relative(LIB, file), [...new Set(targets.map((target) => path.relative(LIB, target)))]);
  }
  return graph;
}

const unitOf = (file: string) => file.split(path.sep)[0]!;
const layerOf = new Map(LAYERS.flatMap((layer, rank) => layer.units.map((unit) => [unit, rank] as const)));

/** The strongly connected parts of a graph with more than one node: each is a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("the layers of lib/", () => {
  const everyImport = importGraph();
  const graph = new Map(
    [...everyImport].map(([file, targets]) => [file, targets.filter((target) => !(`${file} -> ${target}` in WAITING))]),
  );

  it("place every folder and top-level file of lib/ in a layer", () => {
    const unplaced = [...new Set([...graph.keys()].map(unitOf))].filter((unit) => !layerOf.has(unit));
    expect(unplaced).toEqual([]);
  });

  it("import only downwards or within their own layer", () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (layerOf.get(unitOf(target))! > layerOf.get(unitOf(file))!) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("lean on each other within a layer without a circle", () => {
    const units = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const unit = unitOf(file);
      const others = targets.map(unitOf).filter((target) => target !== unit && layerOf.get(target) === layerOf.get(unit));
      units.set(unit, [...new Set([...(units.get(unit) ?? []), ...others])]);
    }
    expect(circles(units)).toEqual([]);
  });

  it("hold no circle of imports between files", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("wait only on imports that are still there", () => {
    const present = new Set([...everyImport].flatMap(([file, targets]) => targets.map((target) => `${file} -> ${target}`)));
    expect(Object.keys(WAITING).filter((edge) => !present.has(edge))).toEqual([]);
  });
});
