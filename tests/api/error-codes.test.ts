import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, create, createOk, newCaller, retrieve, search, validCollection, validPerk } from "../support/api";
import { portal, signUp, type Partner } from "../support/portal";
import { callRoute } from "../support/routes";

// Every refusal below keeps its message as the contract and the existing tests have it; what is
// checked here is what a program reads beside it (decision 081). tests/support/routes.ts checks
// every other test's refusals for a code as well.
let caller: Caller;
let partner: Partner;
let id: string;
beforeAll(async () => {
  caller = await newCaller();
  partner = await signUp();
  id = (await createOk(caller.key, { nftData: validCollection() })).nftData.PlatformNFTId;
});

const GATEWAY = "http://localhost/api-gateway";
const bodyOf = async (response: Response): Promise<Record<string, unknown>> => ({
  status: response.status,
  ...((await response.json()) as object),
});

describe("the API's refusals carry a code, and a field when one field is at fault", () => {
  it("an unknown body field: unknown_field and its path", async () => {
    const answer = await bodyOf(await create(caller.key, { nftData: { ...validCollection(), title: "x" } }));
    expect(answer).toEqual({ status: 400, error: "nftData.title: unknown field", code: "unknown_field", field: "nftData.title" });
  });

  it("a bad value deep in a list: invalid_field and its path", async () => {
    const answer = await bodyOf(
      await create(caller.key, { nftData: validCollection(), perkData: [validPerk({ Tags: ["Merch", "Cooking"] })] }),
    );
    expect(answer).toMatchObject({ status: 400, code: "invalid_field", field: "perkData[0].Tags[1]" });
    expect(answer.error).toMatch(/^perkData\[0\]\.Tags\[1\]: /);
  });

  it("an unknown query parameter: unknown_field naming it", async () => {
    const answer = await bodyOf(await search(caller.key, { query: "x", sort: "nope", force: "1" }));
    expect(answer).toMatchObject({ status: 400, code: "unknown_field" });
    expect(["sort", "force"]).toContain(answer.field);
  });

  it("a body that is not JSON: malformed_body, no field", async () => {
    expect(await bodyOf(await create(caller.key, "{not json"))).toEqual({
      status: 400,
      error: "Can't Unmarshal Body",
      code: "malformed_body",
    });
  });

  it("a bad key: unauthorized", async () => {
    expect(await bodyOf(await search("nope", {}))).toEqual({ status: 401, error: "Bad API Key", code: "unauthorized" });
  });

  it("an unknown id: not_found and the id's name", async () => {
    expect(await bodyOf(await retrieve(caller.key, "k3JqSuoHKx2VrhiBfpKK"))).toMatchObject({
      status: 404,
      code: "not_found",
      field: "PlatformNFTId",
    });
  });

  it("a stale Version: version_conflict on nftData.Version", async () => {
    const answer = await bodyOf(await create(caller.key, { nftData: { ...validCollection(), PlatformNFTId: id, Version: 99 } }));
    expect(answer).toMatchObject({ status: 409, code: "version_conflict", field: "nftData.Version" });
  });

  it("an unknown route and a method a route does not take: not_found, method_not_allowed", async () => {
    const nope = await bodyOf(await callRoute(new Request(`${GATEWAY}/nope`)));
    expect(nope).toEqual({ status: 404, error: "no such route: GET /api-gateway/nope", code: "not_found" });
    const put = await bodyOf(await callRoute(new Request(`${GATEWAY}/search`, { method: "PUT" })));
    expect(put).toMatchObject({ status: 405, code: "method_not_allowed" });
  });

  it("a compressed body: unsupported_media_type on Content-Encoding", async () => {
    const answer = await bodyOf(await create(caller.key, { nftData: validCollection() }, { "content-encoding": "gzip" }));
    expect(answer).toMatchObject({ status: 415, code: "unsupported_media_type", field: "Content-Encoding" });
  });
});

describe("the portal's refusals carry them too", () => {
  const signedIn = () => ({ cookie: partner.cookie });

  it("no session: unauthorized; another origin: forbidden", async () => {
    expect(await bodyOf(await portal.keys({ cookie: null }))).toMatchObject({ status: 401, code: "unauthorized" });
    const crossOrigin = await bodyOf(await portal.mintKey({ cookie: partner.cookie, origin: "https://evil.example" }, { label: "x" }));
    expect(crossOrigin).toEqual({ status: 403, error: "Cross-origin request refused", code: "forbidden" });
  });

  it("a form's bad field: invalid_field and the form's field name", async () => {
    const answer = await bodyOf(await portal.mintKey(signedIn(), { label: "" }));
    expect(answer).toMatchObject({ status: 400, code: "invalid_field", field: "label" });
  });

  it("a save of an unknown record: not_found", async () => {
    const unknown = { nftData: { ...validCollection(), PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK", Version: 1 } };
    expect(await bodyOf(await portal.save(signedIn(), unknown))).toMatchObject({ status: 404, code: "not_found" });
  });
});
