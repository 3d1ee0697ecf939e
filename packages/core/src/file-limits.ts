/** How many and how large the files of one answer may be (spec 1 §5, §9). */
import { isMultiValued, type FieldType } from "./field-types";

/** Spec 1 §9: 5 MB for a multipart upload, 50 MB through a signed or request URL. */
export const FILE_LIMITS = {
  multipart_bytes: 5_242_880,
  signed_url_bytes: 52_428_800,
  files_multiple: 10,
  files_single: 1,
} as const;

/** 10 files for a multiple field, else 1. */
export function maxFilesOf(field: { type: FieldType; multiple?: boolean | null }): number {
  return isMultiValued(field) ? FILE_LIMITS.files_multiple : FILE_LIMITS.files_single;
}

/** Spec 1 §5's upload message: `File is too large. Max size is 5MB` (here, beside the limits the public form loads first). */
export const fileTooLargeMessage = (maxBytes: number) => `File is too large. Max size is ${megabytesOf(maxBytes)}MB`;

/** A byte limit in MB as the upload message writes it: 5242880 is 5, one decimal at most. */
export const megabytesOf = (maxBytes: number) => Math.round((maxBytes / 1_048_576) * 10) / 10;
