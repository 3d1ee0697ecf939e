/** Maps errors thrown by Fastify and its plugins onto the error catalogue. */
import { FieldworkError } from "@fieldwork/core";

const BY_FASTIFY_CODE: Record<string, FieldworkError["code"]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_REQ_FILE_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_PARTS_LIMIT: "PAYLOAD_TOO_LARGE",
  FST_FILES_LIMIT: "PAYLOAD_TOO_LARGE",
  FST_FIELDS_LIMIT: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "MALFORMED_REQUEST",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "MALFORMED_REQUEST",
  FST_ERR_VALIDATION: "MALFORMED_REQUEST",
  FST_PROTO_VIOLATION: "MALFORMED_REQUEST",
};

/** The catalogue error for anything thrown while handling a request, or undefined for a bug. */
export function toFieldworkError(error: unknown): FieldworkError | undefined {
  if (error instanceof FieldworkError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string; validation?: unknown };
  const mapped = e.code ? BY_FASTIFY_CODE[e.code] : undefined;
  if (mapped) return new FieldworkError(mapped, mapped === "MALFORMED_REQUEST" && e.message ? e.message : undefined);
  if (e.validation) return new FieldworkError("MALFORMED_REQUEST", e.message);
  // Busboy and JSON parse failures come as plain 4xx errors.
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413) return new FieldworkError("PAYLOAD_TOO_LARGE");
    if (e.statusCode === 415) return new FieldworkError("UNSUPPORTED_MEDIA_TYPE");
    return new FieldworkError("MALFORMED_REQUEST", e.message);
  }
  if (/Unexpected end of form|Malformed part header|Multipart: Boundary not found|Unexpected end of multipart/i.test(e.message ?? "")) {
    return new FieldworkError("MALFORMED_REQUEST");
  }
  return undefined;
}
