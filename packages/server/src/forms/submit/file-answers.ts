/**
 * The file fields of a submit (issue 21): the rules of spec 1 §5 on the files as stored (the
 * sniffed type, the bytes actually received), then where each file goes. A staged file's
 * answer names its final path in the answer's folder (`{form_id}/{row_id}/{field_id}/{name}`
 * by default, the field's path template otherwise) and the row's transaction writes one
 * `storage_move` for it; a direct upload already sits at its final path. Every file's grant
 * is claimed by the same transaction (batch-write.ts).
 */
import {
  acceptOf, answerFolder, fieldFailure, fileAnswerValue, maxFilesOf, sniffedFileMatchesAccept, storageOf, type FormField, type ParseFailure, type FileMetadata,
} from "@fieldwork/core";
import type { PostedFile } from "../files/posted-files";

/** The first problem of a file field's files, or undefined when they fit. */
export function fileFieldProblem(field: FormField, files: readonly PostedFile[]): ParseFailure | undefined {
  if (field.required && !files.length) return fieldFailure(field, { kind: "required" });
  const most = maxFilesOf(field);
  if (files.length > most) return fieldFailure(field, { kind: "too_many_files", max: most });
  const large = files.find((f) => f.size > f.max_bytes);
  if (large) return fieldFailure(field, { kind: "file_too_large", max_bytes: large.max_bytes });
  const accept = acceptOf(field);
  // The type is the one sniffed from the bytes: `.png` on an HTML file does not make it an image.
  if (files.some((f) => !sniffedFileMatchesAccept({ name: f.name, type: f.type }, accept))) {
    return fieldFailure(field, { kind: "file_type", accept: accept ?? "" });
  }
  return undefined;
}

export interface PlacedFiles {
  /** The jsonb text each file field stores, by field id. */
  values: Map<string, string | null>;
  moves: { from: string; to: string }[];
  /** Grants the row claims. */
  claims: string[];
}

/** Where the accepted files of one answer go, given the row id the answer will have. */
export function placeFiles(
  formId: string, rowId: string, sessionId: string | null, fields: readonly FormField[], accepted: ReadonlyMap<string, readonly PostedFile[]>,
): PlacedFiles {
  const placed: PlacedFiles = { values: new Map(), moves: [], claims: [] };
  for (const field of fields) {
    const files = accepted.get(field.id);
    if (!files) continue;
    const folder = answerFolder(formId, storageOf(field), { row_id: rowId, field_id: field.id, session_id: sessionId ?? "_" });
    const taken = new Set<string>();
    const stored = files.map((file, i): FileMetadata => {
      let path = file.key;
      if (file.staged) {
        const name = taken.has(file.name) ? `${i + 1}-${file.name}` : file.name;
        taken.add(name);
        path = `${folder}/${name}`;
        placed.moves.push({ from: file.key, to: path });
      }
      placed.claims.push(file.key);
      return {
        path, name: file.name, size: file.size, type: file.type, lastModified: file.lastModified,
        ...(file.duration !== undefined ? { duration: file.duration } : {}),
      };
    });
    const value = fileAnswerValue(field, stored);
    placed.values.set(field.id, value === null ? null : JSON.stringify(value));
  }
  return placed;
}
