import { describe, expect, it } from "vitest";
import { acceptOf, browserMessages, FILE_LIMITS, fileMatchesAccept, fileTooLargeMessage, maxFilesOf, type FormField, type UploadType } from "@fieldwork/core";
import { textOf } from "../messages";
import { isFull, postedReference, rejectionOf, restoredFiles, uploadFailureMessage, uploadReducer, type UploadRules, type UploadState } from "./upload-state";

const english = textOf(browserMessages("en"));

/** The rules file-field.tsx hands the uploader, from core. */
const rulesOf = (extra: Partial<FormField> = {}, upload: UploadType = "multipart", text = english): UploadRules => {
  const f = { type: "file", accept: null, multiple: false, ...extra } as FormField;
  return {
    max_files: maxFilesOf(f), accept: acceptOf(f), matches_accept: fileMatchesAccept, too_large: fileTooLargeMessage, text,
    max_bytes: upload === "requesturl" ? FILE_LIMITS.signed_url_bytes : FILE_LIMITS.multipart_bytes,
  };
};
const fileOf = (name: string, size: number, type = "") => ({ name, size, type, lastModified: 1 }) as File;
const empty: UploadState = { items: [], announcement: "" };

describe("the uploader's state (spec 1 §4.3, §5)", () => {
  it("refuses a file over the upload path's limit with the exact message, and a type the field does not accept", () => {
    expect(rejectionOf(rulesOf(), fileOf("big.bin", 6 * 1024 * 1024))).toBe("File is too large. Max size is 5MB");
    expect(rejectionOf(rulesOf({}, "requesturl"), fileOf("big.bin", 6 * 1024 * 1024))).toBeNull();
    expect(rejectionOf(rulesOf({}, "requesturl"), fileOf("huge.bin", 60 * 1024 * 1024))).toBe("File is too large. Max size is 50MB");
    expect(rejectionOf(rulesOf({ type: "image" }), fileOf("a.pdf", 10, "application/pdf"))).toBe("Choose a file of type image/*.");
  });

  it("pending → uploading → uploaded or failed; a full field disables the drop zone; failed files do not count", () => {
    const rules = rulesOf({}, "requesturl");
    const reduce = uploadReducer(rules);
    let state = reduce(empty, { type: "add", files: [fileOf("a.png", 10)], ids: ["1"] });
    expect(state.items[0]).toMatchObject({ status: "pending" });
    expect(isFull(rules, state)).toBe(true);
    state = reduce(state, { type: "start", id: "1" });
    state = reduce(state, { type: "progress", id: "1", progress: 42.4 });
    expect(state.items[0]).toMatchObject({ status: "uploading", progress: 42 });
    state = reduce(state, { type: "failed", id: "1", message: "file error , probably too big" });
    expect(state.items[0]).toMatchObject({ status: "failed", error: "file error , probably too big" });
    expect(state.announcement).toBe("a.png: file error , probably too big");
    expect(isFull(rules, state)).toBe(false);
    state = reduce(state, { type: "add", files: [fileOf("b.png", 10), fileOf("c.png", 10)], ids: ["2", "3"] });
    expect(state.items.map((i) => i.status)).toEqual(["failed", "pending", "failed"]);
    state = reduce(state, { type: "uploaded", id: "2", path: "tmp/s/f/r/b.png" });
    expect(state.items[1]).toMatchObject({ status: "uploaded", path: "tmp/s/f/r/b.png", progress: 100 });
  });

  it("messages: the server's, else 'file error , probably too big' for a refused size, else 'Failed to upload file'", () => {
    expect(uploadFailureMessage(413, undefined, english)).toBe("file error , probably too big");
    expect(uploadFailureMessage(500, undefined, english)).toBe("Failed to upload file");
    expect(uploadFailureMessage(415, "This type of file is not accepted here.", english)).toBe("This type of file is not accepted here.");
  });

  it("speaks the form's language: a refused type and the announcements in Korean", () => {
    const korean = textOf(browserMessages("ko"));
    const rules = rulesOf({ type: "image", multiple: true }, "requesturl", korean);
    expect(rejectionOf(rules, fileOf("a.pdf", 10, "application/pdf"))).toBe("image/* 형식의 파일을 선택하세요.");
    const reduce = uploadReducer(rules);
    const state = reduce(empty, { type: "add", files: [fileOf("a.png", 10, "image/png"), fileOf("b.png", 10, "image/png")], ids: ["1", "2"] });
    expect(state.announcement).toBe("파일 2개를 추가했습니다.");
    expect(reduce(state, { type: "remove", id: "1" }).announcement).toBe("a.png을(를) 삭제했습니다.");
    expect(uploadFailureMessage(500, undefined, korean)).toBe("파일을 업로드하지 못했습니다");
  });

  it("a reload restores the session's files from their posted references", () => {
    const reduce = uploadReducer(rulesOf({ multiple: true }, "requesturl"));
    let state = reduce(empty, { type: "add", files: [fileOf("a.png", 10)], ids: ["1"] });
    state = reduce(state, { type: "uploaded", id: "1", path: "tmp/s/f/r/a.png" });
    const saved = [postedReference(state.items[0]!), "tmp/s/f/q/b.png"];
    const restored = reduce(empty, { type: "restore", files: restoredFiles(saved) });
    expect(restored.items.map((i) => [i.name, i.status, i.path])).toEqual([["a.png", "uploaded", "tmp/s/f/r/a.png"], ["b.png", "uploaded", "tmp/s/f/q/b.png"]]);
  });
});
