import { beforeAll, describe, expect, it } from "vitest";
import { takePending } from "@/lib/insights/counter";
import { processSlot } from "@/lib/process-slot";
import { rehearse } from "@/lib/startup/rehearsal";
import { beginRehearsal, endRehearsal, REHEARSAL_HEADER, REHEARSAL_PREVIEWS_ONLY } from "@/lib/http/server/rehearsal-principal";
import { createOk, everythingWritten, newCaller, search, validCollection, validPerk, type Caller } from "../support/api";
import { localServers } from "../support/raw-http";
import { callRoute } from "../support/routes";

const serve = localServers();

/** The route handlers behind a node:http server, as the production server puts them: the rehearsal sends real HTTP. */
const serveRoutes = () =>
  serve(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await callRoute(new Request(`http://localhost${req.url}`, { method: req.method, headers, body }));
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });

let partner: Caller;
let id: string;

beforeAll(async () => {
  partner = await newCaller();
  const created = await createOk(partner.key, { nftData: validCollection({ Title: "Rehearsed Otters" }), perkData: [validPerk()] });
  id = created.nftData.PlatformNFTId;
});

const asRehearsal = (token: string, path: string, init: RequestInit = {}) =>
  callRoute(
    new Request(`http://localhost${path}`, {
      ...init,
      headers: { [REHEARSAL_HEADER]: token, "content-type": "application/json", ...(init.headers as Record<string, string>) },
    }),
  );

const edit = (title: string) => JSON.stringify({ nftData: validCollection({ Title: title, PlatformNFTId: id }) });

describe("the start-up rehearsal's principal", () => {
  it("searches, retrieves and previews as an editor of its team, spending no team's budget and counting no insight", async () => {
    const remaining = async () => Number((await search(partner.key, { query: "otters" })).headers.get("RateLimit-Remaining"));
    const before = await remaining();
    const token = beginRehearsal(partner.teamId, partner.userId);
    try {
      takePending();
      const found = await asRehearsal(token, "/api-gateway/search?query=otters");
      expect(found.status).toBe(200);
      expect((await found.json()).Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId)).toContain(id);
      expect((await asRehearsal(token, `/api-gateway/collections/${id}`)).status).toBe(200);
      const stored = await everythingWritten();
      const preview = await asRehearsal(token, "/api-gateway/create?dryRun=1", { method: "POST", body: edit("Rehearsed Badgers") });
      expect(preview.status).toBe(200);
      expect((await preview.json()).Response.nftData.Title).toBe("Rehearsed Badgers");
      expect(await everythingWritten()).toEqual(stored);
      expect(takePending().size).toBe(0);
    } finally {
      endRehearsal();
    }
    // The key's own search after the rehearsal's: only it and the one before were taken from the team's budget.
    expect(await remaining()).toBe(before - 1);
  });

  it("refuses a write that is not a preview, storing nothing", async () => {
    const token = beginRehearsal(partner.teamId, partner.userId);
    try {
      const stored = await everythingWritten();
      const write = await asRehearsal(token, "/api-gateway/create", { method: "POST", body: edit("Stored Badgers") });
      expect(write.status).toBe(403);
      expect((await write.json()).error).toBe(REHEARSAL_PREVIEWS_ONLY);
      expect(await everythingWritten()).toEqual(stored);
    } finally {
      endRehearsal();
    }
  });

  it("is nobody once the rehearsal has ended, or with any other token", async () => {
    const token = beginRehearsal(partner.teamId, partner.userId);
    const forged = Buffer.from(token, "base64url").map((byte, index) => (index === 0 ? byte ^ 1 : byte));
    expect((await asRehearsal(Buffer.from(forged).toString("base64url"), "/api-gateway/search?query=otters")).status).toBe(401);
    expect((await asRehearsal(token.slice(0, 20), "/api-gateway/search?query=otters")).status).toBe(401);
    endRehearsal();
    expect((await asRehearsal(token, "/api-gateway/search?query=otters")).status).toBe(401);
  });
});

describe("rehearse", () => {
  it("sends the mix to the server's own port, every answer the expected one, and leaves the store and the insights as they were", async () => {
    const stored = await everythingWritten();
    takePending();
    const outcome = await rehearse(await serveRoutes(), 120);
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.sent).toBe(120);
    expect(outcome.byKind.search).toBeGreaterThan(0);
    // First a write per write connection (10 by default), creates and edits in turn, all at once.
    expect(outcome.byKind.create).toBeGreaterThanOrEqual(5);
    expect(outcome.byKind.edit).toBeGreaterThanOrEqual(5);
    expect(await everythingWritten()).toEqual(stored);
    expect(takePending().size).toBe(0);
    // Its principal ended with it.
    expect(processSlot("rehearsal.principal").value).toBeUndefined();
  });
});
