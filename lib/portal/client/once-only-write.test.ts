import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency/constants";
import { changeKey, fingerprint } from "./once-only-write";

describe("changeKey", () => {
  it("keeps one key while the same request is sent again, and makes a new one when its content changes", () => {
    const first = changeKey("save-collection:a", fingerprint('POST /api/portal/save {"Title":"One"}'));
    expect(changeKey("save-collection:a", fingerprint('POST /api/portal/save {"Title":"One"}'))).toBe(first);
    const changed = changeKey("save-collection:a", fingerprint('POST /api/portal/save {"Title":"Two"}'));
    expect(changed).not.toBe(first);
    expect(changed).toMatch(/^[\x21-\x7e]{1,255}$/);
    // Going back to the first content is a new change too: its earlier key was replaced.
    expect(changeKey("save-collection:a", fingerprint('POST /api/portal/save {"Title":"One"}'))).not.toBe(first);
  });

  it("keeps the changes of different scopes apart", () => {
    const print = fingerprint("DELETE /api/portal/keys/k1 null");
    expect(changeKey("revoke-key:k1", print)).not.toBe(changeKey("revoke-key:k2", print));
  });
});

describe("fingerprint", () => {
  it("tells requests apart that differ in one character", () => {
    expect(fingerprint("POST /a {}")).toBe(fingerprint("POST /a {}"));
    expect(fingerprint("POST /a {}")).not.toBe(fingerprint("POST /b {}"));
    expect(fingerprint('{"Version":1}')).not.toBe(fingerprint('{"Version":2}'));
  });
});

/** What a tab's sessionStorage does: survives a reload of the page, not of the tab's memory. */
class SessionStorageStandIn {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

describe("sendWrite across a reload", () => {
  const storage = new SessionStorageStandIn();
  const sent: string[] = [];
  let answer: () => Promise<Response>;

  beforeEach(() => {
    storage.items.clear();
    sent.length = 0;
    vi.stubGlobal("window", { sessionStorage: storage });
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push((init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]!);
      return answer();
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** The module as a freshly loaded page has it: its in-memory keys and flights gone. */
  const reloadedPage = async () => {
    vi.resetModules();
    return import("./once-only-write");
  };
  const save = { method: "POST", json: { nftData: { Title: "Once", ContractChain: "Base" } } };

  it("sends the same save after a reload with the key of the one whose answer never came", async () => {
    const before = await reloadedPage();
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(before.sendWrite("save-collection:new", "/api/portal/save", save)).rejects.toBeInstanceOf(before.NoAnswerError);
    expect(storage.items.size).toBe(1);

    const after = await reloadedPage();
    answer = async () => Response.json({ nftData: { PlatformNFTId: "c1" } }, { headers: { "idempotent-replayed": "true" } });
    await after.sendWrite("save-collection:new", "/api/portal/save", save);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    // The answer settled the change: the key is gone, and the next save is a new change.
    expect(storage.items.size).toBe(0);
    await after.sendWrite("save-collection:new", "/api/portal/save", save);
    expect(sent[2]).not.toBe(sent[0]);
  });

  it("keeps the key across a reload while the first request is still on its way", async () => {
    const before = await reloadedPage();
    answer = () => new Promise<Response>(() => undefined);
    void before.sendWrite("save-collection:new", "/api/portal/save", save);
    expect(sent).toHaveLength(1);

    const after = await reloadedPage();
    answer = async () => Response.json({ nftData: { PlatformNFTId: "c1" } });
    await after.sendWrite("save-collection:new", "/api/portal/save", save);
    expect(sent).toEqual([sent[0], sent[0]]);
  });

  it("makes a new key after a reload when the content changed", async () => {
    const before = await reloadedPage();
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(before.sendWrite("save-collection:new", "/api/portal/save", save)).rejects.toThrow();
    const after = await reloadedPage();
    answer = async () => Response.json({});
    await after.sendWrite("save-collection:new", "/api/portal/save", {
      method: "POST",
      json: { nftData: { Title: "Twice", ContractChain: "Base" } },
    });
    expect(sent[1]).not.toBe(sent[0]);
  });

  it("settles the change on a refusal, so the same save after a reload is a new change", async () => {
    const before = await reloadedPage();
    answer = async () => Response.json({ error: "nftData.Title: required" }, { status: 400 });
    await expect(before.sendWrite("save-collection:new", "/api/portal/save", save)).rejects.toThrow("nftData.Title: required");
    expect(storage.items.size).toBe(0);
    const after = await reloadedPage();
    answer = async () => Response.json({});
    await after.sendWrite("save-collection:new", "/api/portal/save", save);
    expect(sent[1]).not.toBe(sent[0]);
  });
});

describe("sendWrite while the first request with its key runs", () => {
  const bodies: Array<() => Response> = [];
  let sends = 0;

  beforeEach(() => {
    sends = 0;
    vi.useFakeTimers();
    vi.stubGlobal("fetch", async () => {
      sends += 1;
      return bodies.shift()!();
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const save = { method: "POST", json: { nftData: { Title: "Busy", ContractChain: "Base" } } };

  it("sends again after a 409 whose code is busy", async () => {
    const { sendWrite } = await import("./once-only-write");
    bodies.push(
      () => Response.json({ error: "any words at all", code: "busy", field: "Idempotency-Key" }, { status: 409 }),
      () => Response.json({ nftData: { PlatformNFTId: "c1" } }),
    );
    const saved = sendWrite("busy:1", "/api/portal/save", save);
    await vi.runAllTimersAsync();
    await expect(saved).resolves.toEqual({ nftData: { PlatformNFTId: "c1" } });
    expect(sends).toBe(2);
  });

  it("does not send again after any other 409, whatever its words", async () => {
    const { sendWrite } = await import("./once-only-write");
    const words = "Idempotency-Key: a request with this key is still being processed; retry it shortly";
    bodies.push(() => Response.json({ error: words, code: "version_conflict", field: "nftData.Version" }, { status: 409 }));
    await expect(sendWrite("busy:2", "/api/portal/save", save)).rejects.toMatchObject({ status: 409, code: "version_conflict" });
    expect(sends).toBe(1);
  });
});
