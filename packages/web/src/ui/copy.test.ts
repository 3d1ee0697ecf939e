import { afterEach, describe, expect, it, vi } from "vitest";
import { copyText } from "./copy";

afterEach(() => vi.unstubAllGlobals());

describe("copyText", () => {
  it("writes with the Clipboard API", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    await expect(copyText("fwk_abc")).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith("fwk_abc");
  });

  it("answers false when the clipboard refuses and there is no document to fall back on", async () => {
    vi.stubGlobal("navigator", { clipboard: { writeText: async () => Promise.reject(new DOMException("denied", "NotAllowedError")) } });
    await expect(copyText("fwk_abc")).resolves.toBe(false);
  });
});
