type Schema = Record<string, unknown>;

/** A one-line description of a JSON Schema for a table cell: type, allowed values and bounds. */
export function describeSchema(schema: Schema | undefined, components: Record<string, Schema>): string {
  if (!schema) return "any";
  const ref = schema.$ref as string | undefined;
  if (ref) return ref.split("/").pop() ?? ref;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return options.map((option) => describeSchema(option, components)).join(" or ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(" | ");
  const type = Array.isArray(schema.type) ? (schema.type as string[]).join(" | ") : ((schema.type as string | undefined) ?? "object");
  if (type === "array") return `array of ${describeSchema(schema.items as Schema, components)}${bounds(schema, "Items")}`;
  return `${type}${bounds(schema, "Length")}${schema.pattern ? `, pattern ${schema.pattern as string}` : ""}${
    schema.minimum !== undefined || schema.maximum !== undefined ? `, ${schema.minimum ?? "…"}..${schema.maximum ?? "…"}` : ""
  }`;
}

function bounds(schema: Schema, kind: "Length" | "Items"): string {
  const min = schema[`min${kind}`] as number | undefined;
  const max = schema[`max${kind}`] as number | undefined;
  if (min === undefined && max === undefined) return "";
  const unit = kind === "Length" ? "characters" : "items";
  if (min !== undefined && max !== undefined) return `, ${min}–${max} ${unit}`;
  return max !== undefined ? `, at most ${max} ${unit}` : `, at least ${min} ${unit}`;
}

/** The properties of an object schema (following one $ref), for a field table. */
export function fieldsOf(schema: Schema | undefined, components: Record<string, Schema>) {
  const resolved = schema?.$ref ? components[(schema.$ref as string).split("/").pop() ?? ""] : schema;
  const properties = (resolved?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((resolved?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    required: required.has(name),
    type: describeSchema(property, components),
    description: (property.description as string | undefined) ?? "",
  }));
}
