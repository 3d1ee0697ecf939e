import { describe, expect, it } from "vitest";
import { folderOfSuffix, nextUpload, suffixOfFolder, uploadReducer, uploadSummary, type UploadItem } from "./upload-queue";

const add = (ids: string[]): UploadItem[] => uploadReducer([], { type: "add", items: ids.map((id) => ({ id, name: `${id}.pdf`, size: 10, folder: "" })) });

describe("the bucket page's upload queue", () => {
  it("sends files one at a time and shows progress, success and the server's message on failure", () => {
    let q = add(["a", "b", "c"]);
    expect(nextUpload(q)?.id).toBe("a");
    q = uploadReducer(q, { type: "progress", id: "a", fraction: 0.42 });
    expect(q[0]).toMatchObject({ status: "uploading", progress: 0.42 });
    expect(nextUpload(q)).toBeUndefined();
    expect(uploadSummary(q)).toBe("Uploading 1 of 3 files");
    q = uploadReducer(q, { type: "done", id: "a" });
    expect(nextUpload(q)?.id).toBe("b");
    q = uploadReducer(q, { type: "fail", id: "b", message: "File is too large. Max size is 50MB" });
    q = uploadReducer(q, { type: "done", id: "c" });
    expect(uploadSummary(q)).toBe("2 files uploaded, 1 failed");
    expect(q[1]).toMatchObject({ status: "failed", error: "File is too large. Max size is 50MB" });
    expect(uploadReducer(q, { type: "clear" })).toEqual([]);
  });

  it("keeps a folder in the address: objects/{path} and back", () => {
    expect(suffixOfFolder("")).toBe("objects");
    expect(suffixOfFolder("a b/ü/")).toBe("objects/a%20b/%C3%BC");
    expect(folderOfSuffix("objects/a b/ü")).toBe("a b/ü/");
    expect(folderOfSuffix("objects")).toBe("");
    expect(folderOfSuffix("")).toBe("");
  });
});
