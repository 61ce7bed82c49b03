import { beforeAll, describe, expect, it } from "vitest";
import { apiDocument } from "@/lib/openapi/document";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { create, newCaller, type Caller } from "../support/api";
import { callRoute } from "../support/routes";
import { WALLET_EXAMPLE } from "@/lib/schemas/wallet-perks";

/**
 * The document and the server cannot drift: every bound a request schema declares (`maxLength`,
 * `minLength`, `maxItems`, `minItems`, `minimum`, `maximum`, `pattern`, `enum`) is sent once just
 * inside and once just outside through the real route. Just inside, the server must not refuse the
 * request as malformed (a 404 or 409 for other reasons is fine); just outside, it answers what the
 * document promises: a 400 naming the field (a path id declares that a longer one is unknown: 404).
 * New fields are covered as they arrive: the cases come from the document, not from a list here.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  description?: string;
  example?: unknown;
};
type Parameter = { in: "query" | "path" | "header"; name: string; schema: Schema; description?: string };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
type Segment = string | number;
/** One bound of one field: the values to send (several candidates when the field's format decides which is valid). */
type Case = { label: string; field: string; insides: unknown[]; outsides: unknown[] };

const document = apiDocument() as unknown as Document;
const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(document.components.schemas[schema.$ref.replace("#/components/schemas/", "")]!) : schema;

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

/** A value the schema accepts, to fill arrays and siblings. */
function sample(schema: Schema, index = 0): unknown {
  const resolved = resolve(schema);
  if (resolved.enum) return resolved.enum[index % resolved.enum.length];
  if (resolved.anyOf) return sample(resolved.anyOf.find((option) => resolve(option).type === "object") ?? resolved.anyOf[0]!, index);
  if (resolved.type === "integer" || resolved.type === "number") return Math.max(resolved.minimum ?? 0, 0);
  if (resolved.type === "boolean") return true;
  if (resolved.type === "array") return [sample(resolved.items!, index)];
  if (resolved.type === "object") {
    return Object.fromEntries(Object.entries(resolved.properties ?? {}).map(([name, property]) => [name, sample(property, index)]));
  }
  if (typeof resolved.example === "string") return resolved.example;
  return matching(resolved.pattern, ["1", "a", "https://example.com/", ...hexOf(resolved.pattern ?? "")])[0] ?? "a";
}

/** Every bound of `schema` and of what it holds, as cases labelled with the field's path. */
function casesOf(schema: Schema, at: Segment[]): Case[] {
  const resolved = resolve(schema);
  const field = at
    .map((segment) => (typeof segment === "number" ? `[${segment}]` : `.${segment}`))
    .join("")
    .slice(1);
  const cases: Case[] = [];
  if (resolved.anyOf) for (const option of resolved.anyOf) cases.push(...casesOf(option, at));
  if (resolved.properties)
    for (const [name, property] of Object.entries(resolved.properties)) cases.push(...casesOf(property, [...at, name]));
  if (resolved.items) cases.push(...casesOf(resolved.items, [...at, 0]));
  if (resolved.enum) {
    const [first] = resolved.enum;
    cases.push({ label: `${field} enum`, field, insides: [...resolved.enum], outsides: [`Not${String(first)}`] });
  }
  if (resolved.maxLength !== undefined) {
    const max = resolved.maxLength;
    cases.push({
      label: `${field} maxLength ${max}`,
      field,
      insides: matching(resolved.pattern, shapes(max)),
      outsides: matching(resolved.pattern?.replace(/\{1,(\d+)\}/, "{1,}"), shapes(max + 1)),
    });
  }
  if (resolved.minLength !== undefined && resolved.minLength > 0) {
    const min = resolved.minLength;
    cases.push({ label: `${field} minLength ${min}`, field, insides: matching(resolved.pattern, shapes(min)), outsides: [""] });
  }
  if (resolved.pattern !== undefined) {
    cases.push({
      label: `${field} pattern`,
      field,
      insides: matching(resolved.pattern, [
        ...(typeof resolved.example === "string" ? [resolved.example] : []),
        "1",
        "a",
        "1.5",
        ...shapes(8),
        ...hexOf(resolved.pattern),
      ]),
      outsides: ["a b", "-1"].filter((value) => !new RegExp(resolved.pattern!, "u").test(value)),
    });
  }
  for (const [bound, step] of [
    ["minimum", -1],
    ["maximum", 1],
  ] as const) {
    const limit = resolved[bound];
    if (limit === undefined) continue;
    const outside = resolved.type === "integer" ? limit + step : limit + step * 1e-6;
    cases.push({ label: `${field} ${bound} ${limit}`, field, insides: [limit], outsides: [outside] });
  }
  const items = resolved.items;
  // Items like the request's own (a complete perk), or drawn from the item schema: distinct values
  // of an enum, since a list of categories refuses duplicates.
  const example = items && !resolve(items).enum ? valueAt(BODY, [...at, 0]) : undefined;
  const list = (length: number) =>
    Array.from({ length }, (_, index) => (example === undefined ? sample(items!, index) : structuredClone(example)));
  if (items && resolved.maxItems !== undefined) {
    const max = resolved.maxItems;
    cases.push({ label: `${field} maxItems ${max}`, field, insides: [list(max)], outsides: [list(max + 1)] });
  }
  if (items && resolved.minItems !== undefined && resolved.minItems > 0) {
    const min = resolved.minItems;
    cases.push({ label: `${field} minItems ${min}`, field, insides: [list(min)], outsides: [list(min - 1)] });
  }
  return cases;
}

/** `base` with `value` at `at`, making the objects and arrays on the way that `base` lacks. */
function withValue<T>(base: T, at: Segment[], value: unknown): T {
  const copy = structuredClone(base) as Record<Segment, unknown>;
  let target = copy;
  for (const [index, segment] of at.slice(0, -1).entries()) {
    target[segment] ??= typeof at[index + 1] === "number" ? [] : {};
    target = target[segment] as Record<Segment, unknown>;
  }
  target[at.at(-1)!] = value;
  return copy as T;
}

/** What `base` holds at `at`, if anything. */
function valueAt(base: unknown, at: Segment[]): unknown {
  return at.reduce<unknown>((value, segment) => (value as Record<Segment, unknown> | undefined)?.[segment], base);
}

/** A create body with every optional object present, so a nested field has its siblings. */
const BODY = {
  nftData: { Title: "Bounds", ContractChain: "Ethereum" },
  perkData: [
    {
      ShortDescription: "A perk",
      Tags: ["Merch"],
      Date: { dt: { seconds: 1_893_456_000, nanoseconds: 0 }, timeSet: true },
      Location: { GeoPoint: { _lat: 1, _long: 2 }, address: "Somewhere", latitude: 1, longitude: 2, placeId: "p" },
    },
  ],
};

/** Parameters a case's parameter needs beside it to mean anything (a radius needs a point). */
const COMPANIONS: Record<string, Record<string, string>> = { radiusKm: { near: "48.8566,2.3522" } };

let caller: Caller;
let collectionId: string;
let perkId: string;
/** A chain of the longest declared length that a stored collection is on, so filtering by it is valid. */
const LONG_CHAIN = "c".repeat(500);

beforeAll(async () => {
  caller = await newCaller();
  const created = await create(caller.key, withValue(BODY, ["nftData", "ContractChain"], LONG_CHAIN));
  expect(created.status).toBe(200);
  const echo = (await created.json()) as { nftData: { PlatformNFTId: string }; perkData: { PlatformPerkId: string }[] };
  collectionId = echo.nftData.PlatformNFTId;
  perkId = echo.perkData[0]!.PlatformPerkId;
});

function send(method: string, route: string, init: { query?: Record<string, string>; headers?: Record<string, string>; body?: unknown }) {
  const url = new URL(`http://localhost${route}`);
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
  return callRoute(
    new Request(url, {
      method: method.toUpperCase(),
      headers: {
        authorization: `Bearer ${caller.key}`,
        [SOCKET_ADDRESS_HEADER]: "10.200.0.1",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

type Probe = {
  describe: string;
  field: string;
  expectOutside: number;
  insides: unknown[];
  outsides: unknown[];
  send: (value: unknown) => Promise<Response>;
};

/** Every bound the document declares on a request, as probes that send one value through the route. */
function probes(): Probe[] {
  const all: Probe[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const concrete = () =>
        route.replace("{PlatformNFTId}", collectionId).replace("{PlatformPerkId}", perkId).replace("{address}", WALLET_EXAMPLE);
      for (const parameter of operation.parameters ?? []) {
        const idPath = parameter.in === "path";
        for (const one of casesOf(parameter.schema, [parameter.name])) {
          all.push({
            describe: `${method.toUpperCase()} ${route} ${parameter.in} ${one.label}`,
            field: parameter.name,
            expectOutside: idPath && /\(404\)/.test(parameter.description ?? "") ? 404 : 400,
            insides: one.insides,
            outsides: one.outsides,
            send: (value) => {
              const text = String(value);
              if (idPath) return send(method, route.replace(`{${parameter.name}}`, encodeURIComponent(text)).replace(/\{\w+\}/g, "x"), {});
              const companions = COMPANIONS[parameter.name] ?? {};
              if (parameter.in === "header") {
                return send(method, concrete(), { headers: { [parameter.name]: text }, body: operation.requestBody ? BODY : undefined });
              }
              return send(method, concrete(), {
                query: { ...companions, [parameter.name]: text },
                body: operation.requestBody ? BODY : undefined,
              });
            },
          });
        }
      }
      const body = operation.requestBody?.content["application/json"]?.schema;
      if (!body) continue;
      // The create body with every optional object present; any other body as its schema allows.
      const base = route === "/api-gateway/create" ? BODY : sample(body);
      for (const one of casesOf(body, [])) {
        const at = one.field.split(/\.|\[(\d+)\]\.?/).filter((part) => part !== undefined && part !== "");
        const segments: Segment[] = at.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        all.push({
          describe: `${method.toUpperCase()} ${route} body ${one.label}`,
          field: one.field,
          expectOutside: 400,
          insides: one.insides,
          outsides: one.outsides,
          send: (value) => send(method, concrete(), { body: withValue(base, segments, value) }),
        });
        // The same collection fields on an edit, which replaces a stored collection whole.
        if (segments[0] !== "nftData" || segments[1] === "PlatformNFTId") continue;
        all.push({
          describe: `${method.toUpperCase()} ${route} body (an edit) ${one.label}`,
          field: one.field,
          expectOutside: 400,
          insides: one.insides,
          outsides: one.outsides,
          send: (value) =>
            send(method, concrete(), { body: withValue({ nftData: { ...BODY.nftData, PlatformNFTId: collectionId } }, segments, value) }),
        });
      }
    }
  }
  return all;
}

const ALL = probes();

describe("every bound the OpenAPI document declares on a request", () => {
  it("covers the create body's server-managed fields and the query parameters", () => {
    const names = ALL.map((probe) => probe.describe);
    for (const expected of [
      "body nftData.path maxLength 500",
      "body nftData.Managers maxItems 250",
      "body nftData.Managers[0] maxLength 500",
      "body nftData.Perks maxItems 250",
      "body nftData.BlockchainSyncStatus maxLength 500",
      "body nftData.BlockchainSyncLocation maxLength 500",
      "body nftData.CreationDate maxLength 500",
      "body perkData[0].Tags minItems 1",
      "query pageNum pattern",
    ]) {
      expect(
        names.some((name) => name.endsWith(expected)),
        expected,
      ).toBe(true);
    }
  });

  it.each(ALL.map((probe) => [probe.describe, probe] as const))("%s", async (_name, probe) => {
    // Just outside: the answer the document promises, naming the field when it is a 400.
    expect(probe.outsides.length, "a value just outside the bound").toBeGreaterThan(0);
    const outsideErrors = new Set<string>();
    for (const value of probe.outsides) {
      const response = await probe.send(value);
      expect(response.status, `just outside: ${JSON.stringify(value).slice(0, 80)}`).toBe(probe.expectOutside);
      if (probe.expectOutside === 400) {
        const { error } = (await response.json()) as { error: string };
        expect(error).toContain(probe.field);
        outsideErrors.add(error);
      }
    }

    // Just inside: one value of the field's shapes is not refused for the bound. It is taken, or,
    // where the field's content is checked further (a signed message), refused for another reason.
    expect(probe.insides.length, "a value just inside the bound").toBeGreaterThan(0);
    const answers: string[] = [];
    let passed = false;
    for (const value of probe.insides) {
      const response = await probe.send(value);
      expect(response.status).toBeLessThan(500);
      const error = response.status === 400 ? ((await response.json()) as { error: string }).error : undefined;
      answers.push(`${response.status} ${error ?? ""}`);
      if (error === undefined || !outsideErrors.has(error)) {
        passed = true;
        break;
      }
    }
    expect(passed, `just inside: ${answers.join("; ")}`).toBe(true);
  });
});
