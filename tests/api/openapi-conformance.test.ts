import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createApiKey } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/client";
import { perkClaims } from "@/lib/db/schema";
import { newClaimCode } from "@/lib/holders/claim-code";
import { apiDocument } from "@/lib/openapi/document";
import {
  authHeaders,
  type Caller,
  create,
  deleteCollection,
  findPerks,
  newCaller,
  newClientIp,
  removePerk,
  retrieve,
  search,
  validCollection,
  validPerk,
  walletPerks,
} from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { callRoute, fetchRoute } from "../support/routes";

// Small budgets, so that 429 can be produced; each case below uses its own key.
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "5";
process.env.RATE_LIMIT_CREATE_PER_MINUTE = "5";
// A local chain, for the verification routes' answers (started before anything reads the environment).
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;

const document = JSON.parse(JSON.stringify(apiDocument()));
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(document, "openapi");

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Checks an answer against the document: its status is documented, and its body fits the schema. */
async function conforms(route: string, method: string, response: Response) {
  const status = String(response.status);
  const documented = document.paths[route][method].responses[status];
  expect(documented, `${method.toUpperCase()} ${route} answered ${status}, which is not documented`).toBeDefined();
  const body = await response.json();
  const validate = ajv.getSchema(
    `openapi#/${pointer("paths", route, method, "responses", status, "content", "application/json", "schema")}`,
  );
  if (!validate) throw new Error(`no schema for ${method} ${route} ${status}`);
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  for (const header of Object.keys(documented.headers ?? {})) {
    expect(response.headers.get(header), `${header} on ${status}`).not.toBeNull();
  }
  covered.add(`${method} ${route} ${status}`);
}

const covered = new Set<string>();
const CREATE = "/api-gateway/create";
const SEARCH = "/api-gateway/search";
const PERKS = "/api-gateway/perks";
const WALLET_PERKS = "/api-gateway/wallets/{address}/perks";
const RECORD = "/api-gateway/collections/{PlatformNFTId}";
const PERK = "/api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}";
const HISTORY = "/api-gateway/collections/{PlatformNFTId}/history";
const HISTORY_ENTRY = "/api-gateway/collections/{PlatformNFTId}/history/{Id}";
const INSIGHTS = "/api-gateway/collections/{PlatformNFTId}/insights";
const NONCE = "/api-gateway/verification/nonce";
const VERIFY = "/api-gateway/verification/verify";
const CLAIMS = "/api-gateway/collections/{PlatformNFTId}/claims";
const REDEEM = "/api-gateway/claims/redeem";

// The keyless calls below come from addresses of their own: with the small budgets above, one
// address sending all of this file's keyless requests would be refused before the 401s are seen.
const verifierIp = newClientIp();
const historyIp = newClientIp();
const claimsIp = newClientIp();

const verification = (key: string | null, path: "nonce" | "verify", body: unknown) =>
  callRoute(
    new Request(`http://localhost/api-gateway/verification/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...authHeaders(key, verifierIp) },
      body: JSON.stringify(body),
    }),
  );

async function exhaust(send: () => Promise<Response>, times: number) {
  for (let i = 0; i < times; i += 1) await send();
  return send();
}

describe("the live API answers as the OpenAPI document says", () => {
  let owner: Caller;
  let id: string;

  // Opening the store (and migrating it) happens here, under the hook's longer time budget.
  beforeAll(async () => {
    owner = await newCaller();
  });

  it("create: 200, 400, 401, 403, 404, 409, 413, 415, 422, 429", async () => {
    const echo = await create(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const echoBody = await echo.clone().json();
    id = echoBody.nftData.PlatformNFTId;
    await conforms(CREATE, "post", echo);
    const dryRun = await callRoute(
      new Request(`http://localhost${CREATE}?dryRun=1`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json" },
        body: JSON.stringify({ nftData: validCollection({ PlatformNFTId: id }) }),
      }),
    );
    expect((await dryRun.clone().json()).DryRun).toBe(true);
    await conforms(CREATE, "post", dryRun);
    await conforms(CREATE, "post", await create(owner.key, "{not json"));
    await conforms(CREATE, "post", await create(null, {}));
    await conforms(CREATE, "post", await create((await newCaller()).key, { nftData: validCollection({ PlatformNFTId: id }) }));
    await conforms(CREATE, "post", await create(owner.key, { nftData: validCollection({ PlatformNFTId: "missing" }) }));
    await conforms(CREATE, "post", await create(owner.key, { nftData: validCollection({ PlatformNFTId: id, Version: 99 }) }));
    const other = await newCaller();
    await create(other.key, { nftData: validCollection({ Title: "one" }) }, { "idempotency-key": "conformance" });
    await conforms(
      CREATE,
      "post",
      await create(other.key, { nftData: validCollection({ Title: "two" }) }, { "idempotency-key": "conformance" }),
    );
    await conforms(
      CREATE,
      "post",
      await create(other.key, JSON.stringify({ nftData: validCollection({ CollectionDescription: "x".repeat(1_100_000) }) })),
    );
    await conforms(CREATE, "post", await create(other.key, { nftData: validCollection() }, { "content-encoding": "gzip" }));
    await conforms(CREATE, "post", await exhaust(() => create(other.key, "{"), 5));
  });

  it("search: 200, 400, 401, 429", async () => {
    const caller = await newCaller();
    await conforms(SEARCH, "get", await search(caller.key, { query: "otters" }));
    await conforms(SEARCH, "get", await search(caller.key, { pageNum: "0" }));
    await conforms(SEARCH, "get", await search(null));
    await conforms(SEARCH, "get", await exhaust(() => search(caller.key), 5));
  });

  it("perk discovery: 200, 400, 401, 429", async () => {
    const caller = await newCaller();
    const response = await findPerks(caller.key, { near: "40.7128,-74.006", radiusKm: 10 });
    expect((await response.clone().json()).Docs.length).toBeGreaterThan(0);
    await conforms(PERKS, "get", response);
    await conforms(PERKS, "get", await findPerks(caller.key, { near: "north" }));
    await conforms(PERKS, "get", await findPerks(null));
    await conforms(PERKS, "get", await exhaust(() => findPerks(caller.key), 5));
  });

  it("wallet perks: 200, 400, 401, 429", async () => {
    const caller = await newCaller();
    const wallet = ACCOUNTS[1]!.address;
    await conforms(WALLET_PERKS, "get", await walletPerks(caller.key, wallet, { category: "Merch" }));
    await conforms(WALLET_PERKS, "get", await walletPerks(caller.key, "0x123"));
    await conforms(WALLET_PERKS, "get", await walletPerks(null, wallet));
    await conforms(WALLET_PERKS, "get", await exhaust(() => walletPerks(caller.key, wallet), 5));
  });

  it("retrieval: 200, 400, 401, 404, 429", async () => {
    const caller = await newCaller();
    await conforms(RECORD, "get", await retrieve(caller.key, id));
    await conforms(
      RECORD,
      "get",
      await callRoute(
        new Request(`http://localhost/api-gateway/collections/${id}?dryRun=1`, { headers: { authorization: `Bearer ${caller.key}` } }),
      ),
    );
    await conforms(RECORD, "get", await retrieve(caller.key, "x".repeat(65)));
    await conforms(RECORD, "get", await retrieve(null, id));
    await conforms(RECORD, "get", await retrieve(caller.key, "missing"));
    await conforms(RECORD, "get", await exhaust(() => retrieve(caller.key, id), 5));
  });

  it("history: 200, 400, 401, 403, 404, 429", async () => {
    const caller = await newCaller();
    const echo = await create(caller.key, { nftData: validCollection(), perkData: [validPerk()] });
    const made = (await echo.json()).nftData.PlatformNFTId;
    const history = (key: string | null, target: string, query = "") =>
      callRoute(
        new Request(`http://localhost/api-gateway/collections/${target}/history${query}`, {
          headers: authHeaders(key, historyIp),
        }),
      );
    await conforms(HISTORY, "get", await history(caller.key, made));
    await conforms(HISTORY, "get", await history(caller.key, made, "?pageNum=x"));
    await conforms(HISTORY, "get", await history(null, made));
    await conforms(HISTORY, "get", await history((await newCaller()).key, made));
    await conforms(HISTORY, "get", await history(caller.key, "missing"));
    await conforms(HISTORY, "get", await exhaust(() => history(caller.key, made), 5));
  });

  it("insights: 200, 400, 401, 403, 404, 429", async () => {
    const caller = await newCaller();
    const made = (await (await create(caller.key, { nftData: validCollection() })).json()).nftData.PlatformNFTId;
    const insights = (key: string | null, target: string, query = "") =>
      callRoute(
        new Request(`http://localhost/api-gateway/collections/${target}/insights${query}`, { headers: authHeaders(key, historyIp) }),
      );
    await conforms(INSIGHTS, "get", await insights(caller.key, made, "?from=2026-01-01&to=2026-01-03"));
    await conforms(INSIGHTS, "get", await insights(caller.key, made, "?from=2026-01-03&to=2026-01-01"));
    await conforms(INSIGHTS, "get", await insights(null, made));
    await conforms(INSIGHTS, "get", await insights((await newCaller()).key, made));
    await conforms(INSIGHTS, "get", await insights(caller.key, "missing"));
    await conforms(INSIGHTS, "get", await exhaust(() => insights(caller.key, made), 5));
  });

  it("history entry: 200, 401, 403, 404, 429", async () => {
    const caller = await newCaller();
    const made = (await (await create(caller.key, { nftData: validCollection() })).json()).nftData.PlatformNFTId;
    const entry = (key: string | null, target: string, entryId: string) =>
      callRoute(
        new Request(`http://localhost/api-gateway/collections/${target}/history/${entryId}`, {
          headers: authHeaders(key, historyIp),
        }),
      );
    const pageRequest = new Request(`http://localhost/api-gateway/collections/${made}/history`, {
      headers: { authorization: `Bearer ${caller.key}` },
    });
    const page = await (await callRoute(pageRequest)).json();
    const entryId = String(page.Docs[0].Id);
    await conforms(HISTORY_ENTRY, "get", await entry(caller.key, made, entryId));
    await conforms(HISTORY_ENTRY, "get", await entry(null, made, entryId));
    await conforms(HISTORY_ENTRY, "get", await entry((await newCaller()).key, made, entryId));
    await conforms(HISTORY_ENTRY, "get", await entry(caller.key, made, "999999999"));
    await conforms(HISTORY_ENTRY, "get", await exhaust(() => entry(caller.key, made, entryId), 5));
  });

  it("perk removal: 200, 400, 401, 403, 404, 409, 429", async () => {
    const caller = await newCaller();
    const echo = await create(caller.key, { nftData: validCollection(), perkData: [validPerk(), validPerk()] });
    const { nftData, perkData } = await echo.json();
    const [first, second] = perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
    await conforms(PERK, "delete", await removePerk(caller.key, nftData.PlatformNFTId, first, nftData.Version));
    await conforms(PERK, "delete", await removePerk(caller.key, nftData.PlatformNFTId, second, "abc"));
    await conforms(PERK, "delete", await removePerk(null, nftData.PlatformNFTId, second));
    await conforms(PERK, "delete", await removePerk((await newCaller()).key, nftData.PlatformNFTId, second));
    await conforms(PERK, "delete", await removePerk(caller.key, nftData.PlatformNFTId, first));
    await conforms(PERK, "delete", await removePerk(caller.key, nftData.PlatformNFTId, second, 1));
    await conforms(PERK, "delete", await exhaust(() => removePerk(caller.key, "missing", "missing"), 5));
  });

  it("collection deletion: 200, 400, 401, 403, 404, 409, 422, 429", async () => {
    const caller = await newCaller();
    const made = async () => (await (await create(caller.key, { nftData: validCollection(), perkData: [validPerk()] })).json()).nftData;
    const first = await made();
    const second = await made();
    await conforms(
      RECORD,
      "delete",
      await deleteCollection(caller.key, first.PlatformNFTId, first.Version, { "idempotency-key": "conformance-delete" }),
    );
    await conforms(
      RECORD,
      "delete",
      await deleteCollection(caller.key, second.PlatformNFTId, undefined, { "idempotency-key": "conformance-delete" }),
    );
    await conforms(RECORD, "delete", await deleteCollection(caller.key, second.PlatformNFTId, "abc"));
    await conforms(RECORD, "delete", await deleteCollection(null, second.PlatformNFTId));
    await conforms(RECORD, "delete", await deleteCollection((await newCaller()).key, second.PlatformNFTId));
    // The create budget is 5 here: the rest runs on a second key.
    const next = await newCaller();
    const third = (await (await create(next.key, { nftData: validCollection() })).json()).nftData;
    await conforms(RECORD, "delete", await deleteCollection(next.key, first.PlatformNFTId));
    await conforms(RECORD, "delete", await deleteCollection(next.key, third.PlatformNFTId, 7));
    await conforms(RECORD, "delete", await exhaust(() => deleteCollection(next.key, "missing"), 5));
  });

  it("the document itself: 200 without a key", async () => {
    await conforms("/api-gateway/openapi.json", "get", await fetchRoute("http://localhost/api-gateway/openapi.json"));
  });

  it("a body that breaks its documented schema is caught (the check can fail)", async () => {
    const validate = ajv.getSchema(
      `openapi#/${pointer("paths", SEARCH, "get", "responses", "200", "content", "application/json", "schema")}`,
    );
    expect(validate?.({ NumPages: "3", Docs: [] })).toBe(false);
    expect(validate?.({ NumPages: 1, Docs: [{ Title: "no id" }] })).toBe(false);
  });

  it("verification: nonce 200, 400, 401, 403, 404, 429; verify 200, 400, 401, 403, 404, 429", async () => {
    try {
      const [owner, other] = ACCOUNTS as [(typeof ACCOUNTS)[0], (typeof ACCOUNTS)[0]];
      const address = await chain.deploy("TestERC721", ["Conforming", "CNF"]);
      const caller = await newCaller();
      const made = (
        await (await create(caller.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) })).json()
      ).nftData.PlatformNFTId as string;
      const nonce = await verification(caller.key, "nonce", { PlatformNFTId: made, Address: owner.address });
      const { Message } = (await nonce.clone().json()) as { Message: string };
      await conforms(NONCE, "post", nonce);
      await conforms(
        VERIFY,
        "post",
        await verification(caller.key, "verify", {
          PlatformNFTId: made,
          Message,
          Signature: await owner.signMessage({ message: Message }),
        }),
      );

      const second = await newCaller();
      const mine = (
        await (await create(second.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) })).json()
      ).nftData.PlatformNFTId as string;
      // A refused verification: a nonce for `address`, its message signed by `signer`.
      const verifyAs = async (key: string, id: string, address: string, signer: (typeof ACCOUNTS)[0]) => {
        const { Message: message } = (await (await verification(key, "nonce", { PlatformNFTId: id, Address: address })).json()) as {
          Message: string;
        };
        return verification(key, "verify", { PlatformNFTId: id, Message: message, Signature: await signer.signMessage({ message }) });
      };
      // The signer does not own the token (403), and a signature by someone else than the address (401).
      await conforms(VERIFY, "post", await verifyAs(second.key, mine, other.address, other));
      await conforms(VERIFY, "post", await verifyAs(second.key, mine, owner.address, other));

      const third = await newCaller();
      await conforms(NONCE, "post", await verification(third.key, "nonce", { PlatformNFTId: made, Address: "0x123" }));
      await conforms(NONCE, "post", await verification(null, "nonce", { PlatformNFTId: made, Address: owner.address }));
      await conforms(NONCE, "post", await verification(third.key, "nonce", { PlatformNFTId: made, Address: owner.address }));
      await conforms(NONCE, "post", await verification(third.key, "nonce", { PlatformNFTId: "missing", Address: owner.address }));
      await conforms(
        VERIFY,
        "post",
        await verification(caller.key, "verify", { PlatformNFTId: made, Message: "not a message", Signature: `0x${"ab".repeat(65)}` }),
      );
      await conforms(
        VERIFY,
        "post",
        await verification(null, "verify", { PlatformNFTId: made, Message, Signature: `0x${"ab".repeat(65)}` }),
      );
      await conforms(
        VERIFY,
        "post",
        await verification(third.key, "verify", { PlatformNFTId: "missing", Message, Signature: `0x${"ab".repeat(65)}` }),
      );
      const fourth = await newCaller();
      await conforms(
        NONCE,
        "post",
        await exhaust(() => verification(fourth.key, "nonce", { PlatformNFTId: "missing", Address: owner.address }), 5),
      );
      const fifth = await newCaller();
      await conforms(
        VERIFY,
        "post",
        await exhaust(() => verification(fifth.key, "verify", { PlatformNFTId: "missing", Message, Signature: "0x" }), 5),
      );
    } finally {
      await chain.stop();
    }
  });

  it("claims: list 200, 400, 401, 403, 404, 429; redeem 200, 400, 401, 403, 404, 409, 429", async () => {
    const caller = await newCaller();
    const made = (await (await create(caller.key, { nftData: validCollection(), perkData: [validPerk()] })).json()) as {
      nftData: { PlatformNFTId: string };
      perkData: { PlatformPerkId: string }[];
    };
    const id = made.nftData.PlatformNFTId;
    // A claim as a holder's would be stored: the claim itself needs a chain, tested in tests/chain/claims.test.ts.
    const code = newClaimCode();
    await (await getDb()).insert(perkClaims).values({
      id: `claim${randomBytes(6).toString("hex")}`,
      code,
      collectionId: id,
      perkId: made.perkData[0]!.PlatformPerkId,
      chainKey: "ethereum",
      contract: "0x1234567890abcdef1234567890abcdef12345678",
      tokenId: null,
      wallet: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
      holderId: "conformance",
      block: 1,
    });
    const list = (key: string | null, collection: string, query = "") =>
      callRoute(
        new Request(`http://localhost/api-gateway/collections/${collection}/claims${query}`, { headers: authHeaders(key, claimsIp) }),
      );
    const redeem = (key: string | null, body: unknown) =>
      callRoute(
        new Request("http://localhost/api-gateway/claims/redeem", {
          method: "POST",
          headers: { "content-type": "application/json", ...authHeaders(key, claimsIp) },
          body: JSON.stringify(body),
        }),
      );
    await conforms(CLAIMS, "get", await list(caller.key, id));
    await conforms(CLAIMS, "get", await list(caller.key, id, "?format=xml"));
    await conforms(CLAIMS, "get", await list(null, id));
    await conforms(CLAIMS, "get", await list((await newCaller()).key, id));
    await conforms(CLAIMS, "get", await list(caller.key, "missing"));
    const reader = await newCaller();
    const readKey = (await createApiKey(reader.userId, "reader", { teamId: reader.teamId, scope: "read" })).key;
    await conforms(CLAIMS, "get", await exhaust(() => list(readKey, "missing"), 5));

    await conforms(REDEEM, "post", await redeem(caller.key, { Code: code.toLowerCase() }));
    await conforms(REDEEM, "post", await redeem(caller.key, { Code: code }));
    await conforms(REDEEM, "post", await redeem(caller.key, { Code: "not a code" }));
    await conforms(REDEEM, "post", await redeem(caller.key, { Code: "ABCDE23456" }));
    await conforms(REDEEM, "post", await redeem(null, { Code: code }));
    const other = await newCaller();
    const otherRead = (await createApiKey(other.userId, "reader", { teamId: other.teamId, scope: "read" })).key;
    await conforms(REDEEM, "post", await redeem(otherRead, { Code: code }));
    await conforms(REDEEM, "post", await exhaust(() => redeem(other.key, { Code: "ABCDE23456" }), 5));
  });

  it("covered every documented answer", () => {
    const documented = Object.entries<Record<string, { responses: Record<string, unknown> }>>(document.paths).flatMap(([route, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map((status) => `${method} ${route} ${status}`),
      ),
    );
    // Every documented answer was produced and checked above, except the two that need a broken
    // server: 503 is produced (on PostgreSQL) by database-faults.test.ts, and 500 has no known
    // trigger; both bodies are the Error schema checked here.
    const elsewhere = (answer: string) => answer.endsWith(" 500") || answer.endsWith(" 503");
    expect([...covered].sort()).toEqual(documented.filter((answer) => !elsewhere(answer)).sort());
  });
});
