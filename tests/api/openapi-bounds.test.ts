import { beforeAll, describe, expect, it } from "vitest";
import { apiDocument } from "@/lib/openapi/document";
import { IGNORED_SERVER_KEYS } from "@/lib/schemas/collection";
import { WALLET_EXAMPLE } from "@/lib/schemas/wallet-perks";
import { authHeaders, create, newCaller, newClientIp } from "../support/api";
import { boundsOf, withValue, type OpenApiDocument, type Operation } from "../support/openapi-bounds";
import { callRoute } from "../support/routes";

/**
 * The document and the server cannot drift: every bound a request schema declares (body, query,
 * path and header) is sent once just inside and once just outside through the real route. Just
 * outside, the server answers what the document promises: a 400 naming the field (a path id
 * declares that a longer one is unknown: 404). Just inside, it answers the operation's success
 * status, or one of the few other answers listed below for reasons the bound has nothing to do with.
 * New fields are covered as they arrive: the cases come from the document, not from a list here.
 */

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
const CREATE = "/api-gateway/create";

/** Parameters some values of a parameter need beside them to mean anything (a radius needs a point). */
const COMPANIONS: Record<string, Record<string, string>> = {
  radiusKm: { near: "48.8566,2.3522" },
  sort: { near: "48.8566,2.3522", query: "perk" },
};

/** The probes' collections name no contract, so the verification routes refuse them whatever the field holds. */
const UNVERIFIABLE = "the collection names no contract: PlatformNFTId: cannot be verified";
const NO_SUCH_ID = "an id within its bound that names no collection";
/**
 * Answers other than success that a value inside its bound gets, for a reason the bound has nothing
 * to do with, by operation and field. Such a 400 must match `error` or, without one, not name the
 * field; it must never equal the answer just outside.
 */
const OTHER_ANSWERS: Record<string, { status: number; error?: RegExp; why: string }> = {
  "POST /api-gateway/create body nftData.PlatformNFTId": { status: 404, why: NO_SUCH_ID },
  "POST /api-gateway/create body perkData[0].PlatformNFTId": {
    status: 400,
    error: /^perkData\[0\]\.PlatformNFTId: must be empty or equal nftData\.PlatformNFTId$/,
    why: "the probe's perk rides on a new collection, so it may name no other",
  },
  "POST /api-gateway/create body perkData[0].PlatformPerkId": {
    status: 400,
    error: /^perkData\[0\]\.PlatformNFTId: required to edit perk /,
    why: "a perk edit names its collection as well",
  },
  "POST /api-gateway/create body (an edit) nftData.Version": {
    status: 409,
    why: "a precondition: any Version but the stored one is a conflict",
  },
  "POST /api-gateway/verification/nonce body PlatformNFTId": { status: 404, why: NO_SUCH_ID },
  "POST /api-gateway/verification/nonce body Address": { status: 400, why: UNVERIFIABLE },
  "POST /api-gateway/verification/verify body PlatformNFTId": { status: 404, why: NO_SUCH_ID },
  "POST /api-gateway/verification/verify body Message": { status: 400, why: UNVERIFIABLE },
  "POST /api-gateway/verification/verify body Signature": { status: 400, why: UNVERIFIABLE },
  "POST /api-gateway/claims/redeem body Code": {
    status: 400,
    error: /^Code: Enter the 10-character code$/,
    why: "a code is 10 characters once spaces and dashes are dropped; the 40 bounds only what is read",
  },
};

/** A chain of the longest declared length that a stored collection is on, so filtering by it is valid. */
const LONG_CHAIN = "c".repeat(500);
/** This file's client address: its requests count against a budget no other file's touch. */
const clientIp = newClientIp();

/** What one probe acts on: its own caller (its own key budget and Idempotency-Keys) and collection. */
type World = { key: string; collectionId: string; perkId: string };

async function newWorld(withCollection: boolean): Promise<World> {
  const { key } = await newCaller();
  if (!withCollection) return { key, collectionId: "none", perkId: "none" };
  const created = await create(key, BODY, authHeaders(key, clientIp));
  const echo = (await created.json()) as { nftData: { PlatformNFTId: string }; perkData: { PlatformPerkId: string }[] };
  if (created.status !== 200) throw new Error(`the probe's collection was not created: ${JSON.stringify(echo)}`);
  return { key, collectionId: echo.nftData.PlatformNFTId, perkId: echo.perkData[0]!.PlatformPerkId };
}

type Sent = { path: string; query?: Record<string, string>; headers?: Record<string, string>; body?: unknown };

function send(world: World, method: string, { path, query = {}, headers = {}, body }: Sent) {
  const url = new URL(`http://localhost${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return callRoute(
    new Request(url, {
      method: method.toUpperCase(),
      headers: {
        ...authHeaders(world.key, clientIp),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

type Probe = {
  name: string;
  /** Operation, place and field, as OTHER_ANSWERS names them. */
  subject: string;
  field: string;
  /** The operation's success status, and any other answer a value inside the bound may get. */
  inside: number[];
  /** What a 400 just inside must say, when OTHER_ANSWERS allows one. */
  insideError?: RegExp;
  outside: number;
  insides: unknown[];
  every: boolean;
  outsides: unknown[];
  /** Sends one value in a world of its own (made once per probe). */
  send: (world: World, value: unknown) => Promise<Response>;
  needsCollection: boolean;
};

/** Every bound `document` declares on a request, as probes that send one value through the route. */
function probes(document: OpenApiDocument): Probe[] {
  const { casesOf, sample } = boundsOf(document);
  const all: Probe[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
      const success = Number(Object.keys(operation.responses).find((status) => status.startsWith("2")));
      const subject = (place: string, field: string) => `${method.toUpperCase()} ${route} ${place} ${field}`;
      const others = (place: string, field: string) => {
        const other = OTHER_ANSWERS[subject(place, field)];
        return other ? [other.status] : [];
      };
      const insideError = (place: string, field: string) => OTHER_ANSWERS[subject(place, field)]?.error;
      const pathOf = (world: World, own: Record<string, string> = {}) =>
        route.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(
            own[name] ??
              (name === "address" ? WALLET_EXAMPLE : name === "PlatformPerkId" ? world.perkId : name === "Id" ? "1" : world.collectionId),
          ),
        );
      const parameterNames = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
      const schema = operation.requestBody?.content["application/json"]?.schema;
      const withIds = (world: World, body: unknown) =>
        body && typeof body === "object" && "PlatformNFTId" in body ? { ...body, PlatformNFTId: world.collectionId } : body;
      // The create body with every optional object present; any other body as its schema allows.
      const base = route === CREATE ? BODY : schema ? sample(schema) : undefined;
      const hasIds =
        /\{(PlatformNFTId|PlatformPerkId|Id)\}/.test(route) ||
        (base !== undefined && typeof base === "object" && "PlatformNFTId" in (base as object));

      for (const parameter of operation.parameters ?? []) {
        const idPath = parameter.in === "path" && /\(404\)/.test(parameter.description ?? "");
        for (const one of casesOf(parameter.schema, [parameter.name], undefined)) {
          all.push({
            name: subject(parameter.in, one.label),
            subject: subject(parameter.in, parameter.name),
            field: parameter.name,
            // An id within its length is looked up, and names nothing: the 404 the document gives a longer one.
            inside: [success, ...(idPath ? [404] : []), ...others(parameter.in, parameter.name)],
            insideError: insideError(parameter.in, parameter.name),
            outside: idPath ? 404 : 400,
            insides: one.insides,
            every: one.every ?? false,
            outsides: one.outsides,
            needsCollection: hasIds,
            send: (world, value) => {
              const text = String(value);
              const body = withIds(world, base);
              if (parameter.in === "path") return send(world, method, { path: pathOf(world, { [parameter.name]: text }), body });
              if (parameter.in === "header") return send(world, method, { path: pathOf(world), headers: { [parameter.name]: text }, body });
              const companions = Object.entries(COMPANIONS[parameter.name] ?? {}).filter(([name]) => parameterNames.has(name));
              return send(world, method, {
                path: pathOf(world),
                query: { ...Object.fromEntries(companions), [parameter.name]: text },
                body,
              });
            },
          });
        }
      }
      if (!schema) continue;
      for (const one of casesOf(schema, [], base)) {
        const probe = (place: string, edit: boolean): Probe => ({
          name: subject(place, one.label),
          subject: subject(place, one.field),
          field: one.field,
          inside: [success, ...others(place, one.field)],
          insideError: insideError(place, one.field),
          outside: 400,
          insides: one.insides,
          every: one.every ?? false,
          outsides: one.outsides,
          needsCollection: hasIds || edit,
          send: (world, value) => {
            const body = edit
              ? { nftData: { ...BODY.nftData, PlatformNFTId: world.collectionId } }
              : (withIds(world, base) as Record<string, unknown>);
            return send(world, method, { path: pathOf(world), body: withValue(body, one.at, value) });
          },
        });
        all.push(probe("body", false));
        // The same collection fields on an edit, which replaces a stored collection whole.
        if (route === CREATE && one.at[0] === "nftData" && one.at[1] !== "PlatformNFTId") all.push(probe("body (an edit)", true));
      }
    }
  }
  return all;
}

/** What disagrees between the document and the server on one probe; empty when they agree. */
async function judge(probe: Probe): Promise<string[]> {
  const world = await newWorld(probe.needsCollection);
  const shown = (value: unknown) => JSON.stringify(value).slice(0, 60);
  const problems: string[] = [];
  const outsideErrors = new Set<string>();
  if (probe.outsides.length === 0) problems.push("no value just outside the bound");
  for (const value of probe.outsides) {
    const response = await probe.send(world, value);
    const error = response.status >= 400 ? ((await response.json()) as { error: string }).error : undefined;
    if (response.status !== probe.outside) {
      problems.push(`just outside, ${shown(value)} answered ${response.status}, not ${probe.outside}`);
    } else if (error !== undefined && probe.outside === 400) {
      outsideErrors.add(error);
      if (!error.includes(probe.field))
        problems.push(`just outside, ${shown(value)} answered "${error}", which does not name ${probe.field}`);
    }
  }

  if (probe.insides.length === 0) problems.push("no value just inside the bound");
  const answers: string[] = [];
  for (const value of probe.insides) {
    const response = await probe.send(world, value);
    expect(response.status).toBeLessThan(500);
    const error = response.status >= 400 ? ((await response.json()) as { error: string }).error : undefined;
    const named = probe.insideError ? !probe.insideError.test(error ?? "") : (error ?? "").startsWith(`${probe.field}:`);
    const refusedForIt = error !== undefined && (outsideErrors.has(error) || (response.status === 400 && named));
    const taken = probe.inside.includes(response.status) && !refusedForIt;
    if (taken && !probe.every) return problems;
    if (!taken) answers.push(`${shown(value)} answered ${response.status}${error === undefined ? "" : ` "${error}"`}`);
  }
  if (answers.length > 0 || !probe.every) {
    problems.push(`just inside, ${answers.join("; ")}; the document promises ${probe.inside.join(" or ")}`);
  }
  return problems;
}

const document = JSON.parse(JSON.stringify(apiDocument())) as OpenApiDocument;
const ALL = probes(document);

beforeAll(async () => {
  const { key } = await newCaller();
  const created = await create(key, withValue(BODY, ["nftData", "ContractChain"], LONG_CHAIN), authHeaders(key, clientIp));
  expect(created.status).toBe(200);
});

describe("every bound the OpenAPI document declares on a request", () => {
  it("covers the create body's server-managed fields and the query parameters", () => {
    const names = ALL.map((probe) => probe.name);
    for (const expected of [
      "body nftData.path maxLength 500",
      "body nftData.Managers maxItems 250",
      "body nftData.Managers[0] maxLength 500",
      "body nftData.Perks maxItems 250",
      "body nftData.BlockchainSyncStatus maxLength 500",
      "body nftData.BlockchainSyncLocation maxLength 500",
      "body nftData.BlockchainSyncError maxLength 500",
      "body nftData.VerifiedBy maxLength 500",
      "body nftData.CreationDate maxLength 500",
      "body perkData[0].Tags minItems 1",
      "body perkData[0].Date const",
      "query pageNum pattern",
      "query from format date",
    ]) {
      expect(
        names.some((name) => name.endsWith(expected)),
        expected,
      ).toBe(true);
    }
  });

  it("lists no other answer for a field the document no longer bounds", () => {
    const subjects = new Set(ALL.map((probe) => probe.subject));
    expect(Object.keys(OTHER_ANSWERS).filter((subject) => !subjects.has(subject))).toEqual([]);
  });

  it("describes every server-managed field as accepted and ignored", () => {
    const fields = document.components.schemas.CreateRequest!.properties!.nftData!.properties!;
    for (const key of IGNORED_SERVER_KEYS)
      expect(fields[key]?.description, key).toMatch(/^Set by the service\. Accepted and ignored on input/);
  });

  it("declares no bound on a request that the walk cannot send", () => {
    const { unprobed } = boundsOf(document);
    const found = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        [
          ...(operation.parameters ?? []).flatMap((parameter) => unprobed(parameter.schema, [parameter.name])),
          ...Object.values(operation.requestBody?.content ?? {}).flatMap(({ schema }) => unprobed(schema, [])),
        ].map((bound) => `${method.toUpperCase()} ${route} ${bound}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it.each(ALL.map((probe) => [probe.name, probe] as const))("%s", async (_name, probe) => {
    expect(await judge(probe)).toEqual([]);
  });
});

/** The document with one schema changed, as a drift between it and the server would change it. */
function doctored(change: (nftData: Record<string, Record<string, unknown>>) => void): OpenApiDocument {
  const copy = JSON.parse(JSON.stringify(document)) as OpenApiDocument;
  change(copy.components.schemas.CreateRequest!.properties!.nftData!.properties as Record<string, Record<string, unknown>>);
  return copy;
}
const probeOf = (from: OpenApiDocument, name: string) => {
  const found = probes(from).find((probe) => probe.name === name);
  if (!found) throw new Error(`no probe ${name}`);
  return found;
};

describe("a document that drifts from the server is caught (the walk can fail)", () => {
  it("a bound tighter than the server's: the value just outside is taken", async () => {
    const from = doctored((fields) => (fields.path!.maxLength = 20));
    const problems = await judge(probeOf(from, `POST ${CREATE} body nftData.path maxLength 20`));
    expect(problems.join("\n")).toMatch(/just outside, .* answered 200, not 400/);
  });

  it("a bound looser than the server's: the value just inside is refused", async () => {
    const from = doctored((fields) => (fields.CreationDate!.maxLength = 1000));
    const problems = await judge(probeOf(from, `POST ${CREATE} body nftData.CreationDate maxLength 1000`));
    expect(problems.join("\n")).toMatch(/just inside, .* answered 400 "nftData.CreationDate: at most 500 characters"/);
  });

  it("an enum value the server does not know", async () => {
    const from = doctored((fields) => (fields.ReleaseStatus!.enum = ["Upcoming", "Available", "Retired"]));
    const problems = await judge(probeOf(from, `POST ${CREATE} body nftData.ReleaseStatus enum`));
    expect(problems.join("\n")).toMatch(/"Retired" answered 400/);
  });

  it("a field the document declares and the server does not take", async () => {
    const from = doctored((fields) => (fields.TeamId = { type: "string", maxLength: 30 }));
    const problems = await judge(probeOf(from, `POST ${CREATE} body nftData.TeamId maxLength 30`));
    expect(problems.join("\n")).toMatch(/just inside, .* answered 400/);
  });

  it("a bound the walk cannot send is reported", () => {
    const from = doctored((fields) => (fields.TokenQuantity!.multipleOf = 2));
    const { unprobed } = boundsOf(from);
    expect(unprobed({ $ref: "#/components/schemas/CreateRequest" }, [])).toEqual(["nftData.TokenQuantity: multipleOf"]);
  });
});

describe("the walk's values", () => {
  const { casesOf } = boundsOf(document);
  const valuesOf = (schema: Record<string, unknown>) =>
    Object.fromEntries(casesOf(schema, ["n"], undefined).map((one) => [one.label, [one.insides, one.outsides]]));

  it("sit one step inside and outside numeric bounds, exclusive or not", () => {
    expect(valuesOf({ type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 10 })).toEqual({
      "n exclusiveMinimum 0": [[1], [0]],
      "n exclusiveMaximum 10": [[9], [10]],
    });
    expect(valuesOf({ type: "number", minimum: -90, maximum: 90 })).toEqual({
      "n minimum -90": [[-90], [-90 - 1e-6]],
      "n maximum 90": [[90], [90 + 1e-6]],
    });
  });

  it("are strings and lists of exactly the bound's length, in the field's pattern", () => {
    const [[inside], [outside]] = valuesOf({ type: "string", maxLength: 5, pattern: "^\\d{1,5}$" })["n maxLength 5"] as [
      string[],
      string[],
    ];
    expect([inside, outside]).toEqual(["11111", "111111"]);
    const [[list], [longer]] = valuesOf({ type: "array", maxItems: 2, items: { type: "string", enum: ["a", "b", "c"] } })[
      "n maxItems 2"
    ] as [unknown[][], unknown[][]];
    expect([list, longer]).toEqual([
      ["a", "b"],
      ["a", "b", "c"],
    ]);
  });
});
