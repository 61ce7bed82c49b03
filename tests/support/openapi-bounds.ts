/**
 * Reads the bounds an OpenAPI document declares on its requests, and builds for each one the values
 * just inside and just outside it. It only reads the document: tests/api/openapi-bounds.test.ts
 * sends the values through the real routes, and feeds it doctored documents to show it can fail.
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  description?: string;
  example?: unknown;
  [keyword: string]: unknown;
};
export type Parameter = { in: "query" | "path" | "header"; name: string; schema: Schema; description?: string };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
export type Segment = string | number;
/** One bound of one field: the values to send (several candidates when the field's format decides which is valid). */
export type Case = {
  label: string;
  at: Segment[];
  field: string;
  /** Values just inside: one must be taken, or with `every` (an enum's values) each of them. */
  insides: unknown[];
  every?: boolean;
  outsides: unknown[];
};

/** Keywords that bound a value, each of which the walk below sends a value just inside and just outside. */
export const PROBED_KEYWORDS = [
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "pattern",
  "enum",
  "const",
  "format",
] as const;
/**
 * Keywords that bound a value but that the walk cannot probe yet: a request schema that declares
 * one fails the test until the walk learns it, so no bound goes unchecked by oversight.
 */
const UNPROBED_KEYWORDS = [
  "multipleOf",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "contains",
  "minContains",
  "maxContains",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "not",
  "if",
  "oneOf",
  "allOf",
];
/** Formats the walk has values for. */
const FORMATS: Record<string, { inside: string; outside: string }> = { date: { inside: "2031-01-15", outside: "2031-13-45" } };

/** `at` as the API's error messages name it: `perkData[0].Tags[1]`. */
export const fieldName = (at: Segment[]) =>
  at
    .map((segment) => (typeof segment === "number" ? `[${segment}]` : `.${segment}`))
    .join("")
    .slice(1);

// Strings of an exact length in the shapes the API's text fields take: a URL, plain text, digits,
// 0x-prefixed hex (addresses, signatures).
const shapes = (length: number): string[] => [
  `https://example.com/${"u".repeat(Math.max(0, length - 20))}`.slice(0, Math.max(length, 0)),
  "a".repeat(length),
  "1".repeat(length),
  `0x${"a".repeat(Math.max(0, length - 2))}`.slice(0, Math.max(length, 0)),
];
/** The shortest 0x-prefixed hex string a `{n,}` or `{n}` pattern accepts, if the pattern is one. */
const hexOf = (pattern: string): string[] => {
  const digits = /^\^0x\[0-9a-fA-F\]\{(\d+)/.exec(pattern)?.[1];
  return digits === undefined ? [] : [`0x${"a".repeat(Number(digits))}`];
};
const matching = (pattern: string | undefined, values: string[]) =>
  pattern ? values.filter((value) => new RegExp(pattern, "u").test(value)) : values;

/** What `base` holds at `at`, if anything. */
export function valueAt(base: unknown, at: Segment[]): unknown {
  return at.reduce<unknown>((value, segment) => (value as Record<Segment, unknown> | undefined)?.[segment], base);
}

/** `base` with `value` at `at`, making the objects and arrays on the way that `base` lacks. */
export function withValue<T>(base: T, at: Segment[], value: unknown): T {
  const copy = structuredClone(base) as Record<Segment, unknown>;
  let target = copy;
  for (const [index, segment] of at.slice(0, -1).entries()) {
    target[segment] ??= typeof at[index + 1] === "number" ? [] : {};
    target = target[segment] as Record<Segment, unknown>;
  }
  target[at.at(-1)!] = value;
  return copy as T;
}

/** The walk over one document's schemas. */
export function boundsOf(document: OpenApiDocument) {
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? resolve(document.components.schemas[schema.$ref.replace("#/components/schemas/", "")]!) : schema;

  /** A value the schema accepts, to fill arrays and siblings. */
  function sample(schema: Schema, index = 0): unknown {
    const resolved = resolve(schema);
    if (resolved.enum) return resolved.enum[index % resolved.enum.length];
    if (resolved.const !== undefined) return resolved.const;
    if (resolved.anyOf) return sample(resolved.anyOf.find((option) => resolve(option).type === "object") ?? resolved.anyOf[0]!, index);
    if (resolved.type === "integer" || resolved.type === "number") {
      return Math.max(resolved.minimum ?? 0, resolved.exclusiveMinimum === undefined ? 0 : resolved.exclusiveMinimum + 1, 0);
    }
    if (resolved.type === "boolean") return true;
    if (resolved.type === "array") return [sample(resolved.items!, index)];
    if (resolved.type === "object") {
      return Object.fromEntries(Object.entries(resolved.properties ?? {}).map(([name, property]) => [name, sample(property, index)]));
    }
    if (typeof resolved.example === "string") return resolved.example;
    if (resolved.format && FORMATS[resolved.format]) return FORMATS[resolved.format]!.inside;
    return matching(resolved.pattern, ["1", "a", "https://example.com/", ...hexOf(resolved.pattern ?? "")])[0] ?? "a";
  }

  /** Bounding keywords of `schema` and what it holds that the walk does not probe, by field. */
  function unprobed(schema: Schema, at: Segment[]): string[] {
    const resolved = resolve(schema);
    const here = UNPROBED_KEYWORDS.filter((keyword) => resolved[keyword] !== undefined);
    if (resolved.format !== undefined && !FORMATS[resolved.format]) here.push(`format ${resolved.format}`);
    return [
      ...here.map((keyword) => `${fieldName(at) || "(body)"}: ${keyword}`),
      ...(resolved.anyOf ?? []).flatMap((option) => unprobed(option, at)),
      ...Object.entries(resolved.properties ?? {}).flatMap(([name, property]) => unprobed(property, [...at, name])),
      ...(resolved.items ? unprobed(resolved.items, [...at, 0]) : []),
    ];
  }

  /**
   * Every bound of `schema` and of what it holds, as cases labelled with the field's path. `example`
   * is a valid value of the whole request, whose array items fill lists of a chosen length.
   */
  function casesOf(schema: Schema, at: Segment[], example: unknown): Case[] {
    const resolved = resolve(schema);
    const field = fieldName(at);
    const cases: Case[] = [];
    const add = (label: string, insides: unknown[], outsides: unknown[], every = false) =>
      cases.push({ label: `${field} ${label}`, at, field, insides, outsides, every });
    if (resolved.anyOf) for (const option of resolved.anyOf) cases.push(...casesOf(option, at, example));
    if (resolved.properties) {
      for (const [name, property] of Object.entries(resolved.properties)) cases.push(...casesOf(property, [...at, name], example));
    }
    if (resolved.items) cases.push(...casesOf(resolved.items, [...at, 0], example));
    if (resolved.enum) add("enum", [...resolved.enum], [`Not${String(resolved.enum[0])}`], true);
    if (resolved.const !== undefined) add("const", [resolved.const], [`Not${String(resolved.const)}`]);
    if (resolved.format !== undefined && FORMATS[resolved.format]) {
      const { inside, outside } = FORMATS[resolved.format]!;
      add(`format ${resolved.format}`, [inside], [outside]);
    }
    if (resolved.maxLength !== undefined) {
      const max = resolved.maxLength;
      add(
        `maxLength ${max}`,
        matching(resolved.pattern, shapes(max)),
        matching(resolved.pattern?.replace(/\{1,(\d+)\}/, "{1,}"), shapes(max + 1)),
      );
    }
    if (resolved.minLength !== undefined && resolved.minLength > 0) {
      const min = resolved.minLength;
      add(`minLength ${min}`, matching(resolved.pattern, shapes(min)), [shapes(min - 1)[1]]);
    }
    if (resolved.pattern !== undefined) {
      const pattern = new RegExp(resolved.pattern, "u");
      add(
        "pattern",
        matching(resolved.pattern, [
          ...(typeof resolved.example === "string" ? [resolved.example] : []),
          "1",
          "a",
          "1.5",
          ...shapes(8),
          ...hexOf(resolved.pattern),
        ]),
        ["a b", "-1"].filter((value) => !pattern.test(value)),
      );
    }
    const step = resolved.type === "integer" ? 1 : 1e-6;
    if (resolved.minimum !== undefined) add(`minimum ${resolved.minimum}`, [resolved.minimum], [resolved.minimum - step]);
    if (resolved.maximum !== undefined) add(`maximum ${resolved.maximum}`, [resolved.maximum], [resolved.maximum + step]);
    if (resolved.exclusiveMinimum !== undefined) {
      add(`exclusiveMinimum ${resolved.exclusiveMinimum}`, [resolved.exclusiveMinimum + step], [resolved.exclusiveMinimum]);
    }
    if (resolved.exclusiveMaximum !== undefined) {
      add(`exclusiveMaximum ${resolved.exclusiveMaximum}`, [resolved.exclusiveMaximum - step], [resolved.exclusiveMaximum]);
    }
    const items = resolved.items;
    if (items) {
      // Items like the request's own (a complete perk), or drawn from the item schema: distinct
      // values of an enum, since a list of categories refuses duplicates.
      const own = resolve(items).enum ? undefined : valueAt(example, [...at, 0]);
      const list = (length: number) =>
        Array.from({ length }, (_, index) => (own === undefined ? sample(items, index) : structuredClone(own)));
      if (resolved.maxItems !== undefined) add(`maxItems ${resolved.maxItems}`, [list(resolved.maxItems)], [list(resolved.maxItems + 1)]);
      if (resolved.minItems !== undefined && resolved.minItems > 0) {
        add(`minItems ${resolved.minItems}`, [list(resolved.minItems)], [list(resolved.minItems - 1)]);
      }
    }
    return cases;
  }

  return { resolve, sample, casesOf, unprobed };
}
