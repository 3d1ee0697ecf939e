import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acceptOf, FIELD_TYPES } from "@fieldwork/core";
import { canAddFile, fileKindOf, filesOf, formatMediaTime, needsResolve, replaceAcceptOf } from "./file-refs";
import { createFileBatcher, type PoolAnswer } from "./file-batcher";
import { initialReplaceState, REPLACE_MESSAGES, replaceReducer, type ReplaceState } from "./replace-state";
import { closedViewer, viewerContentOf, viewerReducer } from "./media-viewer-state";

const meta = { path: "f/r/cv.pdf", name: "cv.pdf", size: 1200, type: "application/pdf", lastModified: 1 };
const ref = { ...meta, src: "/v1/storage/object/f/r/cv.pdf?token=a", srcset: { thumbnail: "/t?token=b", original: "/o?token=c" }, download: "/d?token=d", upsert: "/u" };

describe("a file cell's files", () => {
  it("reads one object, a list, and nothing from null", () => {
    expect(filesOf(meta)).toHaveLength(1);
    expect(filesOf([meta, { ...meta, name: "b.png" }]).map((f) => f.name)).toEqual(["cv.pdf", "b.png"]);
    expect(filesOf(null)).toEqual([]);
  });
  it("takes the signed links of a reference, and says when metadata still needs them", () => {
    const [f] = filesOf(ref);
    expect(f).toMatchObject({ src: ref.src, thumbnail: "/t?token=b", download: "/d?token=d", upsert: "/u" });
    expect(needsResolve(filesOf(ref))).toBe(false);
    expect(needsResolve(filesOf(meta))).toBe(true);
  });
  it("leaves out values that are not files", () => {
    expect(filesOf(["text", 3, { size: 2 }])).toEqual([]);
  });
  it("previews raster images, audio, video and pdf; an SVG or a zip has no preview", () => {
    expect(["image/png", "audio/mpeg", "video/mp4", "application/pdf", "image/svg+xml", "application/zip"].map(fileKindOf))
      .toEqual(["image", "audio", "video", "pdf", "other", "other"]);
  });
  it("shows media time as m:ss", () => {
    expect([0, 7.9, 65, 185, 4500, Number.NaN, -3].map(formatMediaTime)).toEqual(["0:00", "0:07", "1:05", "3:05", "75:00", "0:00", "0:00"]);
  });
  it("allows Add file only for a multiple field or an empty cell", () => {
    expect(canAddFile(true, 3)).toBe(true);
    expect(canAddFile(false, 0)).toBe(true);
    expect(canAddFile(false, 1)).toBe(false);
  });
});

describe("the replace-file flow", () => {
  it("the picker takes the field's accept, else its type's default, as core's acceptOf says", () => {
    expect(replaceAcceptOf({ type: "image", accept: null })).toBe("image/*");
    expect(replaceAcceptOf({ type: "video", accept: "  " })).toBe("video/*");
    expect(replaceAcceptOf({ type: "file", accept: null })).toBeNull();
    expect(replaceAcceptOf({ type: "audio", accept: ".mp3" })).toBe(".mp3");
    for (const type of FIELD_TYPES) {
      for (const accept of [null, "", "application/pdf"]) expect(replaceAcceptOf({ type, accept }), type).toBe(acceptOf({ type, accept }));
    }
  });

  const file = new File(["x"], "new.pdf", { type: "application/pdf" });
  const run = (...actions: Parameters<typeof replaceReducer>[1][]) => actions.reduce<ReplaceState>(replaceReducer, initialReplaceState);

  it("asks for a file before replacing", () => {
    expect(run({ type: "start", upsert: "/u" })).toEqual({ status: "idle", file: null, error: REPLACE_MESSAGES.no_file });
  });
  it("refuses a file without an upsert link", () => {
    expect(run({ type: "choose", file }, { type: "start", upsert: null })).toMatchObject({ status: "idle", error: "Replace is not supported for this file" });
  });
  it("goes idle → uploading → success with the spec's message", () => {
    const uploading = run({ type: "choose", file }, { type: "start", upsert: "/u" });
    expect(uploading.status).toBe("uploading");
    expect(replaceReducer(uploading, { type: "succeeded" })).toEqual({ status: "success", message: "File replaced successfully. (refresh to see changes)" });
  });
  it("goes uploading → failure, keeping the file to try again", () => {
    const failed = run({ type: "choose", file }, { type: "start", upsert: "/u" }, { type: "failed" });
    expect(failed).toMatchObject({ status: "failure", file, message: "Failed to replace file.", detail: "Please try again later." });
    expect(replaceReducer(failed, { type: "start", upsert: "/u" }).status).toBe("uploading");
  });
  it("ignores a second start or a new choice while uploading", () => {
    const uploading = run({ type: "choose", file }, { type: "start", upsert: "/u" });
    expect(replaceReducer(uploading, { type: "start", upsert: "/u" })).toBe(uploading);
    expect(replaceReducer(uploading, { type: "choose", file: null })).toBe(uploading);
  });
});

describe("the file batcher", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gathers requests for 500 ms and sends them in batches of 100", async () => {
    const calls: string[][] = [];
    const batcher = createFileBatcher({ load: (keys) => { calls.push(keys); return Promise.resolve(Object.fromEntries(keys.map((k) => [k, { cv: k }]))); } });
    const answers = Array.from({ length: 250 }, (_, i) => batcher.request(`r${i}`));
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(await answers[249]).toEqual({ cv: "r249" });
  });

  it("asks once for a row requested twice", async () => {
    const load = vi.fn((keys: string[]) => Promise.resolve(Object.fromEntries(keys.map((k) => [k, { a: 1 }]))));
    const batcher = createFileBatcher({ load });
    const [a, b] = [batcher.request("r1"), batcher.request("r1")];
    await vi.advanceTimersByTimeAsync(500);
    expect(await a).toEqual(await b);
    expect(load.mock.calls[0]![0]).toEqual(["r1"]);
  });

  it("keeps at most 20 batches in flight", async () => {
    let inFlight = 0, most = 0;
    const resolvers: (() => void)[] = [];
    const batcher = createFileBatcher({
      batchSize: 1,
      load: (keys) => { inFlight += 1; most = Math.max(most, inFlight); return new Promise<PoolAnswer>((r) => resolvers.push(() => { inFlight -= 1; r({ [keys[0]!]: {} }); })); },
    });
    const all = Array.from({ length: 45 }, (_, i) => batcher.request(`r${i}`));
    await vi.advanceTimersByTimeAsync(500);
    expect(inFlight).toBe(20);
    while (resolvers.length) { resolvers.shift()!(); await vi.advanceTimersByTimeAsync(0); }
    await Promise.all(all);
    expect(most).toBe(20);
    expect(batcher.sent).toBe(45);
  });

  it("rejects the callers of a failed batch", async () => {
    const batcher = createFileBatcher({ load: () => Promise.reject(new Error("down")) });
    const answer = batcher.request("r1");
    const seen = answer.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await seen).toBeInstanceOf(Error);
  });
});

describe("the media viewer", () => {
  const file = { src: "/s", name: "a.mp3", type: "audio/mpeg" };
  it("opens as a modal, turns into picture-in-picture and back, and closes", () => {
    const open = viewerReducer(closedViewer, { type: "open", file });
    expect(open.mode).toBe("modal");
    const pip = viewerReducer(open, { type: "pip" });
    expect(pip.mode).toBe("pip");
    expect(viewerReducer(pip, { type: "modal" }).mode).toBe("modal");
    expect(viewerReducer(pip, { type: "close" })).toEqual(closedViewer);
  });
  it("moves only the picture-in-picture window, never off the top or left", () => {
    const pip = viewerReducer(viewerReducer(closedViewer, { type: "open", file }), { type: "pip" });
    expect(viewerReducer(pip, { type: "move", dx: 10, dy: -100 })).toMatchObject({ position: { x: 34, y: 0 } });
    const modal = viewerReducer(closedViewer, { type: "open", file });
    expect(viewerReducer(modal, { type: "move", dx: 10, dy: 10 })).toBe(modal);
  });
  it("says what it shows for each content type", () => {
    expect(viewerContentOf(null)).toEqual({ show: "loading" });
    expect(viewerContentOf("")).toEqual({ show: "unknown", message: "Unable to read the file" });
    expect(viewerContentOf("application/zip")).toEqual({ show: "none", message: "Preview not available for this file type (application/zip)" });
    expect(viewerContentOf("application/pdf")).toMatchObject({ show: "preview", kind: "pdf" });
  });
});
