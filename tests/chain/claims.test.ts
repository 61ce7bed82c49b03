import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getAddress, parseAbi, type Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { chainOfLabel } from "@/lib/schemas/chains";
import { syncContract } from "@/lib/chain/server/sync";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { claimListSchema, claimSchema, CLAIM_CODE_ALPHABET } from "@/lib/schemas/claims";
import { createWebhookEndpoint } from "@/lib/webhooks/server/endpoints";
import { authHeaders, createOk, newCaller, newClientIp, validCollection, validPerk, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { callRoute } from "../support/routes";
import { claim, claimOk, errorOf, ORIGIN, site, type Account } from "../support/holders";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
const LOCALHOST = chainOfLabel("Localhost")!;
const [, alice, bob, carol] = ACCOUNTS as [Account, Account, Account, Account];
const CODE = new RegExp(`^[${CLAIM_CODE_ALPHABET}]{10}$`);

let partner: Caller;
let stranger: Caller;
beforeAll(async () => {
  [partner, stranger] = [await newCaller(), await newCaller()];
  await createWebhookEndpoint(partner.teamId, { url: "http://127.0.0.1:9/hooks", events: ["perk.claimed", "claim.redeemed"] });
});
afterAll(async () => {
  await chain.stop();
});

const sync = async (address: string) =>
  expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: address.toLowerCase() })).toEqual({ state: "synced" });

async function nonceFor(account: Account, chainId = LOCALHOST.id) {
  const response = await site("POST", "/api/holders/nonce", { Address: account.address, ChainId: chainId });
  expect(response.status).toBe(200);
  return (await response.json()) as { Nonce: string; Message: string; ExpiresAt: string };
}

async function signIn(account: Account, cookie?: string) {
  const { Message } = await nonceFor(account);
  const response = await site(
    "POST",
    "/api/holders/session",
    { Message, Signature: await account.signMessage({ message: Message }) },
    cookie,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const set = response.headers.get("set-cookie");
  return { cookie: set ? set.split(";")[0]! : cookie!, wallets: ((await response.json()) as { Wallets: string[] }).Wallets };
}

/** A collection on `address` (Localhost) with a one-time perk and an ordinary one; returns their ids. */
async function collectionOn(address: string, perkOverrides: Record<string, unknown> = {}, who = partner) {
  const created = await createOk(who.key, {
    nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }),
    perkData: [
      validPerk({ ShortDescription: "Backstage pass", OneTime: true, ...perkOverrides }),
      validPerk({ ShortDescription: "Ten percent off", OneTime: false, ...perkOverrides }),
    ],
  });
  const [oneTime, ordinary] = (created.perkData as { PlatformPerkId: string }[]).map((perk) => perk.PlatformPerkId);
  return { id: created.nftData.PlatformNFTId as string, oneTime: oneTime!, ordinary: ordinary! };
}

const claimCount = async () => (await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM perk_claims`))[0]!.n;
const holderOfWallet = async (wallet: string) =>
  queryRows<{ holder_id: string }>(await getDb(), sql`SELECT holder_id FROM holder_wallets WHERE address = ${wallet.toLowerCase()}`);

function redeem(key: string, code: string) {
  return callRoute(
    new Request(`${ORIGIN}/api-gateway/claims/redeem`, {
      method: "POST",
      headers: { ...authHeaders(key), "content-type": "application/json" },
      body: JSON.stringify({ Code: code }),
    }),
  );
}

const ownerAt = (contract: Address, tokenId: bigint, blockNumber: bigint) =>
  chain.client.readContract({
    address: contract,
    abi: parseAbi(["function ownerOf(uint256) view returns (address)"]),
    functionName: "ownerOf",
    args: [tokenId],
    blockNumber,
  });

describe("holder sign-in with Sign-In-with-Ethereum", () => {
  it("signs in with a signed message, once; links a second wallet; never makes a partner account", async () => {
    const { Message } = await nonceFor(carol);
    expect(Message).toContain("localhost wants you to sign in with your Ethereum account:");
    expect(Message).toContain(`Chain ID: ${LOCALHOST.id}`);
    const Signature = await carol.signMessage({ message: Message });
    const users = await queryRows(await getDb(), sql`SELECT count(*)::int AS n FROM users`);

    const first = await site("POST", "/api/holders/session", { Message, Signature });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ Wallets: [carol.address] });
    const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    expect(await (await site("GET", "/api/holders/session", undefined, cookie)).json()).toEqual({ Wallets: [carol.address] });
    // A holder is no partner: no user row, and the portal does not know the cookie.
    expect(await queryRows(await getDb(), sql`SELECT count(*)::int AS n FROM users`)).toEqual(users);
    expect((await site("GET", "/api/portal/collections", undefined, cookie)).status).toBe(401);

    // The same message again: its nonce is spent.
    const replayed = await site("POST", "/api/holders/session", { Message, Signature });
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toMatch(/nonce is unknown, expired or already used/);
    expect(replayed.headers.get("set-cookie")).toBeNull();

    // Signed in, a second wallet's message links it to the same sign-in.
    const linked = await signIn(bob, cookie);
    expect(linked.cookie).toBe(cookie);
    expect(linked.wallets).toEqual([carol.address, bob.address]);

    // Signed out, the cookie opens nothing.
    expect((await site("DELETE", "/api/holders/session", undefined, cookie)).status).toBe(200);
    expect((await site("GET", "/api/holders/session", undefined, cookie)).status).toBe(401);
  });

  it("refuses a wrong domain, a wrong chain, an expired nonce, another's signature and a cross-origin post, recording nothing", async () => {
    const fresh = ACCOUNTS[0]!;
    const { Message, Nonce } = await nonceFor(fresh);
    const Signature = await fresh.signMessage({ message: Message });

    // Sent to another host than the message names.
    const elsewhere = await callRoute(
      new Request("http://127.0.0.1/api/holders/session", {
        method: "POST",
        headers: { ...authHeaders(null, newClientIp()), origin: "http://127.0.0.1", "content-type": "application/json" },
        body: JSON.stringify({ Message, Signature }),
      }),
    );
    expect(elsewhere.status).toBe(400);
    expect(await errorOf(elsewhere)).toMatch(/its domain is localhost, not 127\.0\.0\.1/);

    // The nonce's own message on another chain, validly signed: the nonce was issued for Localhost.
    const fields = { domain: "localhost", uri: ORIGIN, address: fresh.address, nonce: Nonce, version: "1" as const };
    const statement = Message.split("\n")[3]!;
    const otherChain = createSiweMessage({ ...fields, chainId: 1, statement, issuedAt: new Date() });
    const wrongChain = await site("POST", "/api/holders/session", {
      Message: otherChain,
      Signature: await fresh.signMessage({ message: otherChain }),
    });
    expect(wrongChain.status).toBe(400);
    expect(await errorOf(wrongChain)).toMatch(/issued for another wallet or chain/);

    // Signed by another wallet than the message names.
    const forged = await site("POST", "/api/holders/session", { Message, Signature: await carol.signMessage({ message: Message }) });
    expect(forged.status).toBe(401);

    // A cross-origin post never reaches the check.
    const cross = await site("POST", "/api/holders/session", { Message, Signature }, undefined, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(await holderOfWallet(fresh.address)).toEqual([]);

    // None of those spent the nonce: the right message still signs in once. Then an expired one is refused.
    expect((await site("POST", "/api/holders/session", { Message, Signature })).status).toBe(200);
    const late = await nonceFor(carol);
    await (await getDb()).execute(sql`UPDATE holder_nonces SET expires_at = now() - interval '1 second' WHERE nonce = ${late.Nonce}`);
    const expired = await site("POST", "/api/holders/session", {
      Message: late.Message,
      Signature: await carol.signMessage({ message: late.Message }),
    });
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toMatch(/nonce is unknown, expired or already used/);

    // A chain the service does not know is refused when the message is asked for.
    expect((await site("POST", "/api/holders/nonce", { Address: fresh.address, ChainId: 999_999 })).status).toBe(400);
    expect((await site("POST", "/api/holders/nonce", { Address: "0x1234", ChainId: 1 })).status).toBe(400);
  });
});

describe("claims on the local chain", () => {
  it("claims a one-time perk once per token, whoever asks; an ordinary perk once per wallet; redeems a code once", async () => {
    const contract = await chain.deploy("TestERC721", ["Claimable", "CLM"]);
    const { id, oneTime, ordinary } = await collectionOn(contract);
    await chain.send("TestERC721", contract, "mint", [alice.address, 1n]);
    await sync(contract);
    const aliceIn = await signIn(alice);

    const first = await claimOk(aliceIn.cookie, { PlatformPerkId: oneTime, Address: alice.address, TokenId: "1" });
    expect(first).toMatchObject({ PlatformNFTId: id, PlatformPerkId: oneTime, TokenId: "1", Wallet: alice.address, RedeemedAt: null });
    expect(first.Code).toMatch(CODE);
    expect(first.Block).toBe(Number(await chain.blockNumber()));

    // Again by the same holder, and by the next owner once it moves: 409 either way.
    const again = await claim(aliceIn.cookie, { PlatformPerkId: oneTime, Address: alice.address, TokenId: "1" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatch(/token 1 already claimed this perk/);
    await chain.send("TestERC721", contract, "transferFrom", [alice.address, bob.address, 1n], 1);
    const bobIn = await signIn(bob);
    expect((await claim(bobIn.cookie, { PlatformPerkId: oneTime, Address: bob.address, TokenId: "1" })).status).toBe(409);

    // An ordinary perk: one code per eligible wallet, the same code when asked again.
    const ordinaryClaim = await claimOk(bobIn.cookie, { PlatformPerkId: ordinary, Address: bob.address });
    expect(ordinaryClaim.TokenId).toBeNull();
    expect((await claimOk(bobIn.cookie, { PlatformPerkId: ordinary, Address: bob.address })).Code).toBe(ordinaryClaim.Code);
    // Alice holds nothing now (at the head, whatever the index still says).
    const none = await claim(aliceIn.cookie, { PlatformPerkId: ordinary, Address: alice.address });
    expect(none.status).toBe(403);

    // The holder's own list.
    const mine = claimListSchema.parse(await (await site("GET", "/api/holders/claims", undefined, bobIn.cookie)).json());
    expect(mine.Claims.map((item) => item.Code)).toEqual([ordinaryClaim.Code]);

    // The partner's list and CSV.
    const listed = await callRoute(new Request(`${ORIGIN}/api-gateway/collections/${id}/claims`, { headers: authHeaders(partner.key) }));
    expect(listed.status).toBe(200);
    const list = claimListSchema.parse(await listed.json());
    expect(list.Claims.map((item) => item.Code).sort()).toEqual([first.Code, ordinaryClaim.Code].sort());
    expect(list.Claims.find((item) => item.Code === first.Code)!.PerkDescription).toBe("Backstage pass");
    const csv = await callRoute(
      new Request(`${ORIGIN}/api-gateway/collections/${id}/claims?format=csv`, { headers: authHeaders(partner.key) }),
    );
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "ClaimId,Code,PlatformPerkId,PerkDescription,Chain,ContractAddress,TokenId,Wallet,Vault,Block,ClaimedAt,RedeemedAt",
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.includes(first.Code))).toContain(`,Localhost,${getAddress(contract)},1,${alice.address},,`);
    // Another team sees none of it.
    expect(
      (await callRoute(new Request(`${ORIGIN}/api-gateway/collections/${id}/claims`, { headers: authHeaders(stranger.key) }))).status,
    ).toBe(403);

    // Redeemed once, in any case and with the dash; the second time says when.
    const shown = `${first.Code.slice(0, 5)}-${first.Code.slice(5)}`.toLowerCase();
    expect((await redeem(stranger.key, shown)).status).toBe(404);
    const redeemed = await redeem(partner.key, shown);
    expect(redeemed.status).toBe(200);
    const redeemedAt = claimSchema.parse(await redeemed.json()).RedeemedAt!;
    const twice = await redeem(partner.key, first.Code);
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe(`Code: already redeemed at ${redeemedAt}; a code is redeemed once`);

    // A guessed code: well formed or not, nothing is found or changed.
    const guessed = await redeem(partner.key, "ABCDE23456");
    expect(guessed.status).toBe(404);
    expect((await redeem(partner.key, "O0O0O0O0O0")).status).toBe(400);

    // The partner's endpoint got one perk.claimed per claim and one claim.redeemed, recorded with them.
    const events = await queryRows<{ event_type: string; n: number }>(
      await getDb(),
      sql`SELECT d.event_type, count(*)::int AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE e.team_id = ${partner.teamId} AND d.payload -> 'data' ->> 'PlatformNFTId' = ${id} GROUP BY d.event_type ORDER BY d.event_type`,
    );
    expect(events).toEqual([
      { event_type: "claim.redeemed", n: 1 },
      { event_type: "perk.claimed", n: 2 },
    ]);
  });

  it("refuses a token transferred away (the head, not the index, decides), bad input and passed perks, recording nothing", async () => {
    const contract = await chain.deploy("TestERC721", ["Guarded claims", "GCL"]);
    const { oneTime, ordinary } = await collectionOn(contract);
    const past = await collectionOn(contract, { Date: { dt: { seconds: 1_600_000_000, nanoseconds: 0 }, timeSet: true } });
    const unsyncedContract = await chain.deploy("TestERC721", ["Never synced", "NVS"]);
    const unsynced = await collectionOn(unsyncedContract);
    await chain.send("TestERC721", contract, "mint", [alice.address, 2n]);
    await chain.send("TestERC721", unsyncedContract, "mint", [alice.address, 1n]);
    await sync(contract);
    // Transferred after the sync: the index still says alice holds it.
    await chain.send("TestERC721", contract, "transferFrom", [alice.address, bob.address, 2n], 1);
    const aliceIn = await signIn(alice);
    const before = await claimCount();

    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ PlatformPerkId: oneTime, Address: alice.address, TokenId: "2" }, 403, /does not hold token 2/],
      [{ PlatformPerkId: oneTime, Address: alice.address, TokenId: "99" }, 403, /does not hold token 99/],
      [{ PlatformPerkId: oneTime, Address: alice.address }, 400, /a one-time perk is claimed with a token/],
      [{ PlatformPerkId: ordinary, Address: alice.address, TokenId: "2" }, 400, /only one-time perks/],
      [{ PlatformPerkId: oneTime, Address: alice.address, TokenId: "-1" }, 400, /TokenId/],
      [{ PlatformPerkId: oneTime, Address: "0xnot-an-address", TokenId: "2" }, 400, /Address/],
      [{ PlatformPerkId: oneTime, Address: bob.address, TokenId: "2" }, 403, /sign in with this wallet first/],
      [{ PlatformPerkId: "no-such-perk", Address: alice.address }, 404, /not found/],
      [{ PlatformPerkId: past.ordinary, Address: alice.address }, 409, /has passed/],
      [{ PlatformPerkId: unsynced.oneTime, Address: alice.address, TokenId: "1" }, 409, /not synced from its contract yet/],
    ];
    for (const [body, status, message] of refusals) {
      const response = await claim(aliceIn.cookie, body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(await errorOf(response)).toMatch(message);
    }
    // Not signed in: 401.
    expect((await site("POST", "/api/holders/claims", { PlatformPerkId: ordinary, Address: alice.address })).status).toBe(401);
    expect(await claimCount()).toBe(before);
  });

  it("gives a one-time perk to exactly one of five concurrent claims of one token", async () => {
    const contract = await chain.deploy("TestERC1155", ["Passes", "PASS"]);
    const { oneTime } = await collectionOn(contract);
    await chain.send("TestERC1155", contract, "mintBatch", [carol.address, [7n], [1n]]);
    await sync(contract);
    const carolIn = await signIn(carol);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map(() => claim(carolIn.cookie, { PlatformPerkId: oneTime, Address: carol.address, TokenId: "7" })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await queryRows(await getDb(), sql`SELECT token_id::text AS token FROM perk_claims WHERE perk_id = ${oneTime}`);
    expect(rows).toEqual([{ token: "7" }]);
  });

  it("settles a claim racing a transfer of the token: one claim at most, by whoever owned it at the block checked", async () => {
    const contract = await chain.deploy("TestERC721", ["Racing", "RCE"]);
    const { oneTime } = await collectionOn(contract);
    await chain.send("TestERC721", contract, "mint", [alice.address, 5n]);
    await sync(contract);
    const [aliceIn, bobIn] = [await signIn(alice), await signIn(bob)];
    const body = (who: Account) => ({ PlatformPerkId: oneTime, Address: who.address, TokenId: "5" });

    const [raced] = await Promise.all([
      claim(aliceIn.cookie, body(alice)),
      chain.send("TestERC721", contract, "transferFrom", [alice.address, bob.address, 5n], 1),
    ]);
    expect([200, 403]).toContain(raced.status);
    const after = await claim(bobIn.cookie, body(bob));
    // Exactly one claim stands: alice's if hers read the block before the transfer, else bob's.
    expect([raced.status, after.status].sort()).toEqual(raced.status === 200 ? [200, 409] : [200, 403]);
    const rows = await queryRows<{ wallet: string; block: number }>(
      await getDb(),
      sql`SELECT wallet, block FROM perk_claims WHERE perk_id = ${oneTime}`,
    );
    expect(rows).toHaveLength(1);
    expect((await ownerAt(contract, 5n, BigInt(rows[0]!.block))).toLowerCase()).toBe(rows[0]!.wallet);
  });
});
