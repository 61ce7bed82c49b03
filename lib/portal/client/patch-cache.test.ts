import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { patchCache } from "./patch-cache";

type List = { keys: string[] };

describe("patchCache", () => {
  it("asks a first load again when a write lands while it is under way, so the list holds the write", async () => {
    const client = new QueryClient();
    const stored: string[] = [];
    let fetches = 0;
    let answerFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    const observer = new QueryObserver<List>(client, {
      queryKey: ["keys"],
      queryFn: async () => {
        fetches += 1;
        // The first load reads the store before the write and answers after it.
        const read = [...stored];
        if (fetches === 1) await firstHeld;
        return { keys: read };
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => fetches).toBe(1);

    stored.push("new key");
    const patched = patchCache<List>(client, ["keys"], (old) => ({ keys: ["new key", ...old.keys] }));
    answerFirst();
    await patched;
    expect(client.getQueryData<List>(["keys"])).toEqual({ keys: ["new key"] });
    expect(fetches).toBe(2);
    unsubscribe();
  });

  it("puts the write into a loaded list at once and refetches it", async () => {
    const client = new QueryClient();
    let fetches = 0;
    const observer = new QueryObserver<List>(client, { queryKey: ["keys"], queryFn: async () => ({ keys: [`fetch ${++fetches}`] }) });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => client.getQueryData<List>(["keys"])).toEqual({ keys: ["fetch 1"] });
    const patched = patchCache<List>(client, ["keys"], (old) => ({ keys: ["new key", ...old.keys] }));
    expect(client.getQueryData<List>(["keys"])).toEqual({ keys: ["new key", "fetch 1"] });
    await patched;
    expect(client.getQueryData<List>(["keys"])).toEqual({ keys: ["fetch 2"] });
    unsubscribe();
  });
});
