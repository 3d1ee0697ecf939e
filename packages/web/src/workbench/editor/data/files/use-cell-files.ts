/**
 * A file cell's files and whether they are ready (spec 3 §7, §8). The grid's rows normally
 * carry signed file references already; a cell holding only stored metadata asks the storage
 * pool for its row (batched by file-batcher.ts): a spinner meanwhile, ERROR if that fails.
 */
import { createContext, useContext, useEffect, useState } from "react";
import { storagePoolPath } from "@fieldwork/core";
import { privateRequest } from "../../../api/http";
import { createFileBatcher, type FileBatcher, type PoolAnswer } from "./file-batcher";
import { filesOf, needsResolve, type CellFile } from "./file-refs";

/** The batcher of the form on screen (null: no pool, cells show what the row holds). */
export const FilePoolContext = createContext<FileBatcher | null>(null);

/** One batcher per form: `POST /private/editor/{form_id}/storage/pool` with a list of row ids. */
export function createFilePool(form_id: string, csrf_token: string): FileBatcher {
  return createFileBatcher({ load: (rowIds) => privateRequest<PoolAnswer>("POST", storagePoolPath(form_id).replace(/^\/private\/editor/, ""), { csrf_token, body: rowIds }) });
}

export type CellFiles = { status: "ready" | "loading" | "error"; files: CellFile[] };

export function useCellFiles(row_id: string, field_id: string | null, value: unknown): CellFiles {
  const pool = useContext(FilePoolContext);
  const own = filesOf(value);
  const resolve = pool !== null && field_id !== null && needsResolve(own);
  const [resolved, setResolved] = useState<CellFiles | null>(null);
  useEffect(() => {
    if (!resolve) return;
    let live = true;
    pool.request(row_id).then(
      (answer) => { if (live) setResolved({ status: "ready", files: filesOf(answer[field_id]) }); },
      () => { if (live) setResolved({ status: "error", files: own }); },
    );
    return () => { live = false; };
    // `own` is derived from `value`: asking again when the value changes is enough.
  }, [resolve, pool, row_id, field_id, value]);
  if (!resolve) return { status: "ready", files: own };
  return resolved ?? { status: "loading", files: own };
}
