import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * One way in: an app/**\/route.ts only binds a builder of lib/routes to a method (and, for the
 * pipeline's routes, an auth kind): imports from lib/routes (and the gateway's method table), then
 * `export const GET = builder("session")`, `export const { GET, ... } = gatewayMethods({ ... })` or
 * `export { builder as GET }`. Anything else (a function, a schema, a check, a constant) belongs in
 * a builder, where the pipeline and the tests of its family see it.
 */
const APP = path.resolve(import.meta.dirname, "../../app");
const ALLOWED_IMPORTS = /^@\/lib\/(routes\/[a-z-]+|http\/server\/gateway-routes)$/;

const routeFiles = readdirSync(APP, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .sort();

/** A builder, a builder given literal arguments (its auth kind), or an object of those (gatewayMethods' table). */
function isBinding(node: ts.Expression): boolean {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node)) return true;
  if (ts.isCallExpression(node)) return ts.isIdentifier(node.expression) && node.arguments.every(isBinding);
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every((property) => ts.isPropertyAssignment(property) && isBinding(property.initializer));
  }
  return false;
}

/** What a route file does beyond binding: one line per statement that is not an allowed import or binding. */
function beyondBinding(file: string, text = readFileSync(path.join(APP, file), "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const exported = (statement: ts.Statement) =>
    ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const from = (statement.moduleSpecifier as ts.StringLiteral).text;
      return ALLOWED_IMPORTS.test(from) ? [] : [`${file}: imports ${from}`];
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier) return [];
    if (ts.isVariableStatement(statement) && exported(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      const bound = statement.declarationList.declarations.every(
        (declaration) => declaration.initializer && isBinding(declaration.initializer),
      );
      if (bound) return [];
    }
    return [`${file}: ${statement.getText(source).split("\n")[0]}`];
  });
}

describe("app route files", () => {
  it("are found", () => {
    expect(routeFiles.length).toBeGreaterThan(50);
  });

  it("only bind a builder of lib/routes to a method", () => {
    expect(routeFiles.flatMap((file) => beyondBinding(file))).toEqual([]);
  });

  it("would be caught doing more", () => {
    const inline = [
      'import { defineRoute } from "@/lib/http/server/route";',
      'import { searchPerks } from "@/lib/search/perks";',
      'export const GET = defineRoute({ auth: "public", budget: "read" }, () => searchPerks({}));',
      "export async function POST() {",
      "  return Response.json({});",
      "}",
      'const unknown = () => "not found";',
      'export const DELETE = deleteRoute("session");',
    ].join("\n");
    expect(beyondBinding("example/route.ts", inline)).toEqual([
      "example/route.ts: imports @/lib/http/server/route",
      "example/route.ts: imports @/lib/search/perks",
      'example/route.ts: export const GET = defineRoute({ auth: "public", budget: "read" }, () => searchPerks({}));',
      "example/route.ts: export async function POST() {",
      'example/route.ts: const unknown = () => "not found";',
    ]);
  });
});
