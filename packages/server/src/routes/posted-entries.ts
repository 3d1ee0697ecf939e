/**
 * Step 1 of the submit pipeline: read a multipart or urlencoded body into name → values.
 * Files are refused until file fields arrive (their own issue); nothing is written here.
 */
import { FieldworkError, SUBMIT_BODY_LIMIT_BYTES } from "@fieldwork/core";
import type { FastifyRequest } from "fastify";
import type { PostedEntries } from "../forms/submit/read-answers";

export async function readPostedEntries(request: FastifyRequest): Promise<PostedEntries> {
  const entries: PostedEntries = new Map();
  const add = (name: string, value: string) => {
    const list = entries.get(name);
    if (list) list.push(value);
    else entries.set(name, [value]);
  };

  if (Number(request.headers["content-length"] ?? 0) > SUBMIT_BODY_LIMIT_BYTES) throw new FieldworkError("PAYLOAD_TOO_LARGE");
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        part.file.resume();
        if (part.filename) throw new FieldworkError("INVALID_FIELD_VALUE", `${part.fieldname} does not take files.`, [part.fieldname]);
        continue;
      }
      // A truncated value would store an answer the visitor did not give: refuse it whole.
      if (part.valueTruncated || part.fieldnameTruncated) throw new FieldworkError("PAYLOAD_TOO_LARGE", `${part.fieldname} is too long.`, [part.fieldname]);
      if (typeof part.value !== "string") throw new FieldworkError("MALFORMED_REQUEST");
      add(part.fieldname, part.value);
    }
    return entries;
  }

  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "")) {
    throw new FieldworkError("UNSUPPORTED_MEDIA_TYPE");
  }
  const body = request.body;
  if (body === undefined || body === null) return entries;
  if (typeof body !== "object") throw new FieldworkError("MALFORMED_REQUEST");
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== "string") throw new FieldworkError("MALFORMED_REQUEST", `${name} has a value of the wrong shape.`, [name]);
      add(name, item);
    }
  }
  return entries;
}
