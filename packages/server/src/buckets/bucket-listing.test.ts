import { describe, expect, it } from "vitest";
import type { StoredObject } from "../storage/driver";
import { bucketListingOf } from "./bucket-listing";

const PREFIX = "buckets/b1/";
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 3, minute));
const object = (path: string, size = 1, minute = 0): StoredObject => ({ key: PREFIX + path, size, contentType: "application/pdf", lastModified: at(minute) });
async function* flat(objects: StoredObject[]) {
  yield* objects;
}

describe("a bucket folder's listing from a flat key list", () => {
  const keys = [
    object("z.pdf", 3), object("a.pdf", 2), object("docs/one.pdf", 1, 5), object("docs/deep/two.pdf", 1, 9),
    object("empty/.folder", 0), object(".folder", 0), object("b/.folder", 0), object("b/c.pdf", 7),
  ];

  it("folds deeper keys into folders, hides folder markers, folders first then files by name", async () => {
    const page = await bucketListingOf(flat(keys), PREFIX, "", { limit: 100 });
    expect(page.objects.map((o) => `${o.kind}:${o.path}`)).toEqual(["folder:b/", "folder:docs/", "folder:empty/", "file:a.pdf", "file:z.pdf"]);
    expect(page.objects.find((o) => o.path === "docs/")?.updated_at).toBe(at(9).toISOString());
    expect(page.objects.find((o) => o.path === "a.pdf")).toMatchObject({ size: 2, type: "application/pdf" });
    expect(page.next_cursor).toBeNull();
  });

  it("lists inside a folder and pages with a cursor, each object once", async () => {
    const docs = await bucketListingOf(flat(keys), PREFIX, "docs/", { limit: 100 });
    expect(docs.objects.map((o) => o.path)).toEqual(["docs/deep/", "docs/one.pdf"]);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await bucketListingOf(flat(keys), PREFIX, "", { limit: 2, cursor });
      seen.push(...page.objects.map((o) => o.path));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(["b/", "docs/", "empty/", "a.pdf", "z.pdf"]);
  });
});
