import { describe, expect, it, vi } from "vitest";
import { processSingleton, processSlot } from "./process-slot";

describe("process slots", () => {
  it("hold one value per name across copies of a module, made once", async () => {
    const create = vi.fn(() => ({ made: Math.random() }));
    const first = processSingleton("test.singleton", create);
    // A second copy of the module (as each server bundle has) sees the same value.
    vi.resetModules();
    const copy = await import("./process-slot");
    expect(copy.processSingleton("test.singleton", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(processSingleton("test.other", () => 2)).toBe(2);
  });

  it("can be emptied, so the next use opens again", () => {
    const slot = processSlot<number>("test.slot");
    slot.value = 1;
    expect(processSlot<number>("test.slot").value).toBe(1);
    slot.value = undefined;
    expect(processSingleton("test.slot", () => 3)).toBe(3);
  });
});
