import { beforeAll, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient, type ApiErrorCode } from "@/lib/api-client/client";
import { newCaller } from "../support/api";
import { fetchRoute } from "../support/routes";

let client: ApiClient;
beforeAll(async () => {
  const { key } = await newCaller();
  client = createApiClient({ baseUrl: "http://localhost", apiKey: key, fetch: fetchRoute });
});

describe("a partner's back end with the typed client", () => {
  it("creates, reads, edits from the read answer, and finds the collection", async () => {
    const created = await client.POST("/api-gateway/create", {
      body: {
        nftData: { Title: "Quokka Quarterly", ContractChain: "Polygon", Website: "https://quokka.example.com" },
        perkData: [
          { ShortDescription: "Zine subscription", Tags: ["Merch"] },
          { ShortDescription: "Reader meetup", Tags: ["Events"], Date: "" },
        ],
      },
    });
    expect(created.response.status).toBe(200);
    // Without `?dryRun=1` the answer is the stored echo, not a preview.
    if (!created.data || "DryRun" in created.data) throw new Error("expected the stored echo");
    const id = created.data.nftData!.PlatformNFTId;

    const read = await client.GET("/api-gateway/collections/{PlatformNFTId}", { params: { path: { PlatformNFTId: id } } });
    expect(read.data!.perkData).toHaveLength(2);

    const record = read.data!;
    const edited = await client.POST("/api-gateway/create", {
      body: { nftData: { ...record.nftData, Title: "Quokka Quarterly Deluxe" }, perkData: record.perkData },
    });
    if (!edited.data || "DryRun" in edited.data) throw new Error("expected the stored echo");
    expect(edited.data.nftData!.Version).toBe(record.nftData.Version + 1);

    const stale = await client.POST("/api-gateway/create", { body: { nftData: { ...record.nftData, Title: "Lost" } } });
    expect(stale.response.status).toBe(409);
    expect(stale.error!.error).toMatch(/changed by someone else/);
    expect(stale.error!.code).toBe("version_conflict");
    expect(stale.error!.field).toBe("nftData.Version");

    const found = await client.GET("/api-gateway/search", { params: { query: { query: "quokka deluxe" } } });
    expect(found.data!.Docs.map((doc) => doc.PlatformNFTId)).toEqual([id]);
    const after = await client.GET("/api-gateway/collections/{PlatformNFTId}", { params: { path: { PlatformNFTId: id } } });
    expect(after.data!.nftData.Website).toBe("https://quokka.example.com");
    expect(after.data!.perkData).toEqual(record.perkData);
  });

  it("pages through results", async () => {
    for (let i = 0; i < 23; i += 1) {
      await client.POST("/api-gateway/create", { body: { nftData: { Title: `Wombat Weekly ${i}`, ContractChain: "Base" } } });
    }
    const first = await client.GET("/api-gateway/search", { params: { query: { query: "wombat" } } });
    const second = await client.GET("/api-gateway/search", { params: { query: { query: "wombat", pageNum: "2" } } });
    expect(first.data!.NumPages).toBe(2);
    const ids = [...first.data!.Docs, ...second.data!.Docs].map((doc) => doc.PlatformNFTId);
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
  });

  it("gets the API's errors typed", async () => {
    const bad = await client.GET("/api-gateway/search", { params: { query: { category: "Cooking" as "Merch" } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error!.error).toMatch(/^category: unknown category "Cooking"/);
    const code: ApiErrorCode = bad.error!.code;
    expect(code).toBe("invalid_field");
    expect(bad.error!.field).toBe("category");
  });
});
