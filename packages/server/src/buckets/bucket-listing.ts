/**
 * One page of a bucket folder's listing from the driver's flat, unordered list of the keys
 * under it: the files directly in the folder, and each deeper key's first segment as a folder
 * (a common prefix, like S3's delimiter listing). Folder markers are hidden; folders come
 * first, then files, each by name (code point order, stable across pages). The cursor is the
 * last path of the page. Reads every key under the folder per page: fine for the thousands of
 * objects a form builder's bucket holds; a delimiter listing in the drivers would scale further.
 */
import { BUCKET_FOLDER_MARKER, type BucketListing, type BucketObject } from "@fieldwork/core";
import type { StoredObject } from "../storage/driver";

/** Folders sort before files: `0` + path for folders, `1` + path for files. */
const orderOf = (object: BucketObject) => `${object.kind === "folder" ? "0" : "1"}${object.path}`;

export async function bucketListingOf(
  objects: AsyncIterable<StoredObject>, prefix: string, folder: string, page: { cursor?: string | undefined; limit: number },
): Promise<BucketListing> {
  const folders = new Map<string, BucketObject>();
  const files: BucketObject[] = [];
  const base = prefix + folder;
  for await (const object of objects) {
    if (!object.key.startsWith(base)) continue;
    const rest = object.key.slice(base.length);
    const slash = rest.indexOf("/");
    if (slash === -1) {
      if (rest === BUCKET_FOLDER_MARKER || rest === "") continue;
      files.push({
        kind: "file", name: rest, path: folder + rest, size: object.size, type: object.contentType, updated_at: object.lastModified.toISOString(),
      });
      continue;
    }
    const name = rest.slice(0, slash);
    const seen = folders.get(name);
    const updated = object.lastModified.toISOString();
    if (!seen) folders.set(name, { kind: "folder", name, path: `${folder}${name}/`, size: null, type: null, updated_at: updated });
    else if (seen.updated_at! < updated) seen.updated_at = updated;
  }
  const all = [...folders.values(), ...files].sort((a, b) => (orderOf(a) < orderOf(b) ? -1 : orderOf(a) > orderOf(b) ? 1 : 0));
  const after = page.cursor === undefined ? 0 : all.findIndex((o) => orderOf(o) > page.cursor!);
  const from = after === -1 ? all.length : after;
  const objectsOfPage = all.slice(from, from + page.limit);
  const last = objectsOfPage.at(-1);
  return { folder, objects: objectsOfPage, next_cursor: from + page.limit < all.length && last ? orderOf(last) : null };
}
