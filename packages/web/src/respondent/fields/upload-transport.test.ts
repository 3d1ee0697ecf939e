import { afterEach, describe, expect, it, vi } from "vitest";
import { browserMessages, UPLOAD_MESSAGES, uploadRequestPath } from "@fieldwork/core";
import { textOf } from "../messages";
import { requestSignedUpload, requestUrlFor } from "./upload-transport";

const text = textOf(browserMessages("en"));
const file = { name: "intro.mp4", size: 20 * 1024 * 1024 };

describe("a request-url field's signed upload (spec 1 §7)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("goes through the configured request url when it is this session's, else the session's own path; without a session there is no uploader", () => {
    expect(requestUrlFor(null, "s-1", "f-1")).toBe(uploadRequestPath("s-1", "f-1"));
    expect(requestUrlFor("/v1/session/s-1/field/f-1/upload-url", "s-1", "f-1")).toBe("/v1/session/s-1/field/f-1/upload-url");
    expect(requestUrlFor("/v1/session/other/field/f-1/upload-url", "s-1", "f-1")).toBe(uploadRequestPath("s-1", "f-1"));
    expect(requestUrlFor("/v1/session/s-1/field/f-1/upload-url", "", "f-1")).toBeNull();
    // What the uploader then shows on each file, exactly as spec 1 §8 words it.
    expect(text("upload.no_uploader")).toBe(UPLOAD_MESSAGES.no_uploader);
    expect(UPLOAD_MESSAGES.no_uploader).toBe("Uploader function is not provided");
  });

  it("answers the signed url, path and token the request url gives", async () => {
    const fetch = vi.fn(async () => Response.json({ data: { signedUrl: "/v1/storage/object/x?token=t", path: "tmp/s/x.mp4", token: "t" } }));
    vi.stubGlobal("fetch", fetch);
    await expect(requestSignedUpload("/upload-url", file, text)).resolves.toEqual({ signedUrl: "/v1/storage/object/x?token=t", path: "tmp/s/x.mp4", token: "t" });
    expect(fetch).toHaveBeenCalledWith("/upload-url", expect.objectContaining({ method: "PUT", body: JSON.stringify({ file }) }));
  });

  it.each([
    ["an error status", async () => Response.json({ error: { code: "STORAGE_OBJECT_TOO_LARGE" } }, { status: 413 })],
    ["a network failure", async () => { throw new TypeError("Failed to fetch"); }],
    ["a body without signedUrl", async () => Response.json({ data: { path: "tmp/s/x.mp4" } })],
    ["a body that is not JSON", async () => new Response("<html>proxy error</html>", { status: 200 })],
  ])("fails with 'Failed to get signed url' on %s", async (_, answer) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    await expect(requestSignedUpload("/upload-url", file, text)).rejects.toThrow(/^Failed to get signed url$/);
  });
});
