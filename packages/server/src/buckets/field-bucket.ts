/**
 * The server's side of spec 2 §5's bucket rules (core `fieldBucketProblem`): a field saved
 * from the editor or imported in a definition may name a bucket (`storage.bucket`) only if it
 * is one of the form's project's buckets allowed by the field's policy; a richtext field with
 * storage on needs a public one. Refused with the rule's catalogue code.
 */
import { fieldBucketOf, fieldBucketProblem, FieldworkError, type FieldDefinition } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { projectBuckets } from "./bucket-service";

export async function assertFieldBuckets(db: Kysely<DB>, projectId: string, fields: readonly Pick<FieldDefinition, "name" | "type" | "storage">[]): Promise<void> {
  const named = fields.filter((f) => fieldBucketOf(f.storage) !== null || f.type === "richtext");
  if (named.length === 0) return;
  const buckets = await projectBuckets(db, projectId);
  for (const field of named) {
    const problem = fieldBucketProblem(field, buckets);
    if (problem) throw new FieldworkError(problem.code, `${field.name}: ${problem.message}`, [field.name]);
  }
}
