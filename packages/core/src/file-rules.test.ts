import { describe, expect, it } from "vitest";
import { acceptOf, checkFiles, fileMatchesAccept, FILE_LIMITS, maxFilesOf, sniffedFileMatchesAccept } from "./file-rules";
import type { FormField } from "./form-model";

const file = (over: Partial<Pick<FormField, "type" | "accept" | "multiple">> = {}) =>
  ({ name: "upload", type: "file" as FormField["type"], accept: null, multiple: false, ...over });
const png = (size = 1_000) => ({ name: "photo.PNG", size, type: "image/png" });

describe("file answers (spec 1 §5, §9)", () => {
  it("defaults accept by type: image/*, audio/*, video/*, anything for a plain file", () => {
    expect(acceptOf(file({ type: "image" }))).toBe("image/*");
    expect(acceptOf(file({ type: "audio" }))).toBe("audio/*");
    expect(acceptOf(file({ type: "video" }))).toBe("video/*");
    expect(acceptOf(file())).toBeNull();
    expect(acceptOf(file({ type: "image", accept: " .png,.jpg " }))).toBe(".png,.jpg");
  });

  it("reads accept lists as a browser does: wildcards, exact types and extensions", () => {
    expect(fileMatchesAccept(png(), "image/*")).toBe(true);
    expect(fileMatchesAccept(png(), "IMAGE/PNG")).toBe(true);
    expect(fileMatchesAccept(png(), ".pdf, .png")).toBe(true);
    expect(fileMatchesAccept(png(), "application/pdf,.pdf")).toBe(false);
    expect(fileMatchesAccept({ name: "x.exe", type: "" }, "image/*")).toBe(false);
    expect(fileMatchesAccept({ name: "x.exe", type: "" }, null)).toBe(true);
  });

  it("takes 10 files when multiple, else 1", () => {
    expect(maxFilesOf(file({ multiple: true }))).toBe(10);
    expect(maxFilesOf(file())).toBe(1);
    expect(checkFiles(file({ multiple: true }), Array(10).fill(png()))).toBeUndefined();
    expect(checkFiles(file({ multiple: true }), Array(11).fill(png()))).toMatchObject({
      code: "INVALID_FIELD_VALUE", field: "upload", message: "Choose at most 10 files.",
    });
    expect(checkFiles(file(), [png(), png()])).toMatchObject({ message: "Choose one file." });
  });

  it("refuses a file over 5 MB on the multipart path and over 50 MB on a signed URL", () => {
    expect(checkFiles(file(), [png(FILE_LIMITS.multipart_bytes)])).toBeUndefined();
    expect(checkFiles(file(), [png(FILE_LIMITS.multipart_bytes + 1)])).toMatchObject({ message: "File is too large. Max size is 5MB" });
    expect(checkFiles(file(), [png(20_000_000)], FILE_LIMITS.signed_url_bytes)).toBeUndefined();
    expect(checkFiles(file(), [png(FILE_LIMITS.signed_url_bytes + 1)], FILE_LIMITS.signed_url_bytes)).toMatchObject({ message: "File is too large. Max size is 50MB" });
  });

  it("refuses a type the field does not accept", () => {
    expect(checkFiles(file({ type: "audio" }), [png()])).toMatchObject({ code: "INVALID_FIELD_VALUE", message: "Choose a file of type audio/*." });
    expect(checkFiles(file({ type: "image" }), [png()])).toBeUndefined();
  });
});

describe("accept lists against sniffed types (issue 21)", () => {
  const sniffed = (name: string, type: string) => ({ name, type });

  it("takes only bytes of the family a wildcard names", () => {
    expect(sniffedFileMatchesAccept(sniffed("a.png", "image/png"), "image/*")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("a.png", "text/html"), "image/*")).toBe(false);
    expect(sniffedFileMatchesAccept(sniffed("a.mp3", "application/octet-stream"), "audio/*")).toBe(false);
    expect(sniffedFileMatchesAccept(sniffed("a.webm", "audio/webm"), "audio/*")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("a.mov", "video/quicktime"), "video/*")).toBe(true);
  });

  it("reads an extension as the types it stands for, whatever the file is called", () => {
    expect(sniffedFileMatchesAccept(sniffed("scan.PDF", "application/pdf"), ".pdf")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("scan", "application/pdf"), ".pdf")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("evil.png", "text/html"), ".png")).toBe(false);
    expect(sniffedFileMatchesAccept(sniffed("a.jpg", "image/png"), ".jpg,.jpeg")).toBe(false);
    expect(sniffedFileMatchesAccept(sniffed("notes.csv", "text/plain"), ".csv")).toBe(true);
  });

  it("takes exact types and their other names", () => {
    expect(sniffedFileMatchesAccept(sniffed("a", "application/pdf"), "application/pdf")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("a", "image/jpeg"), "image/jpg")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("a", "audio/mpeg"), "audio/mp3")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("a", "application/zip"), "application/pdf")).toBe(false);
    expect(sniffedFileMatchesAccept(sniffed("a.csv", "text/plain"), "text/csv")).toBe(true);
  });

  it("takes a type the sniffer cannot tell only for unknown or plain bytes, never HTML or SVG", () => {
    expect(sniffedFileMatchesAccept(sniffed("plan.dwg", "application/octet-stream"), ".dwg")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("plan.dwg", "text/html"), ".dwg")).toBe(false);
    expect(sniffedFileMatchesAccept(sniffed("plan.txt", "application/octet-stream"), ".dwg")).toBe(false);
    expect(sniffedFileMatchesAccept(sniffed("old.xls", "application/octet-stream"), "application/vnd.ms-excel")).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("x.svg", "image/svg+xml"), "application/vnd.ms-excel")).toBe(false);
  });

  it("takes anything for an empty list, and matches any token of a list", () => {
    expect(sniffedFileMatchesAccept(sniffed("x.html", "text/html"), null)).toBe(true);
    expect(sniffedFileMatchesAccept(sniffed("x", "application/pdf"), "image/*, .pdf")).toBe(true);
  });
});
