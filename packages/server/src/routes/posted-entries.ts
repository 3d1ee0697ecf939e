/**
 * Step 1 of the submit pipeline: read a multipart or urlencoded body into name → values.
 * File parts go to `onFile` (the submit streams each into storage: forms/files/posted-files.ts);
 * without one, a posted file is refused. The body limit counts the bytes actually read,
 * whatever the transfer encoding: a chunked request has no Content-Length to trust. Text
 * parts share SUBMIT_BODY_LIMIT_BYTES; files add at most MULTIPART_FILES_PER_SUBMIT × 5 MB.
 *
 * A small multipart body (Content-Length up to PLAIN_BODY_MAX_BYTES) is read whole first: when
 * it holds text fields only, as a browser sends a form without files, it is parsed in one pass
 * (plain-multipart.ts, which answers what busboy would); anything else goes to busboy as before,
 * fed from the bytes read.
 */
import { FieldworkError, isStorableText, MULTIPART_FILE_LIMIT_BYTES, SUBMIT_BODY_LIMIT_BYTES, UNSTORABLE_TEXT } from "@fieldwork/core";
import type { MultipartFilePart } from "../forms/files/posted-files";
import type { FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { PostedEntries } from "../forms/submit/read-answers";
import { plainBoundary, readPlainMultipart } from "./plain-multipart";

/** The stream busboy reads: the request, or a replay of the body already read (with the request's headers). */
type BodyStream = IncomingMessage | (Readable & { headers: IncomingMessage["headers"] });

/**
 * Ends a multipart read with `error`: the body is unpiped from the parser and drained, and the
 * parts iterator ends with the error (through the request's `error` event, which
 * @fastify/multipart listens to).
 */
function endRead(raw: BodyStream, error: FieldworkError): void {
  raw.unpipe();
  raw.resume();
  raw.emit("error", error);
}

/**
 * Stops a multipart body once more than `limit` bytes arrived (endRead, PAYLOAD_TOO_LARGE),
 * so a single endless part is cut short too.
 */
function limitBytes(raw: BodyStream, limit: number): () => void {
  let bytes = 0;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= limit) return;
    raw.off("data", onData);
    endRead(raw, new FieldworkError("PAYLOAD_TOO_LARGE"));
  };
  raw.on("data", onData);
  return () => raw.off("data", onData);
}

/**
 * Ends a multipart read that stopped making progress while bytes wait unread: the parser
 * (busboy) stalls on some malformed part headers (a bare line feed inside a quoted name, with
 * a part larger than one read): it stops reading, the pipe pauses the request, and the request
 * would be held forever. A slow client is not stalled: its request keeps flowing, waiting for
 * bytes. A paused, unfinished request that moved neither a byte nor a part for a whole period
 * ends the parts iterator with MALFORMED_REQUEST, as limitBytes ends it with PAYLOAD_TOO_LARGE.
 */
function endStalledParse(raw: BodyStream, stallMs: number): { progress(): void; stop(): void; whileStoring<T>(work: Promise<T>): Promise<T> } {
  let moved = true;
  // A file part being stored pauses the request while storage is slow or busy (the S3 driver
  // lets a few unsized puts through at once): that is not the parser stalling.
  let storing = false;
  const progress = () => { moved = true; };
  raw.on("data", progress);
  const timer = setInterval(() => {
    if (!moved && !storing && raw.readableFlowing === false && !raw.readableEnded) {
      stop();
      endRead(raw, new FieldworkError("MALFORMED_REQUEST", "The multipart body could not be read (a malformed part header)."));
    }
    moved = false;
  }, stallMs);
  const stop = () => {
    clearInterval(timer);
    raw.off("data", progress);
  };
  const whileStoring = async <T>(work: Promise<T>): Promise<T> => {
    storing = true;
    try {
      return await work;
    } finally {
      storing = false;
      moved = true;
    }
  };
  return { progress, stop, whileStoring };
}

/** Most file parts one multipart submit may carry (the multipart plugin's `files` limit). */
export const MULTIPART_FILES_PER_SUBMIT = 20;
/** Most text fields one multipart submit may carry (the multipart plugin's `fields` limit). */
export const MULTIPART_FIELDS_PER_SUBMIT = 300;
/** A multipart body up to this Content-Length is read whole, then parsed in one pass when plain. */
export const PLAIN_BODY_MAX_BYTES = 64 * 1024;
/** A multipart body: the text parts' limit plus every file at its largest (and its part headers). */
const MULTIPART_BODY_LIMIT_BYTES = SUBMIT_BODY_LIMIT_BYTES + MULTIPART_FILES_PER_SUBMIT * (MULTIPART_FILE_LIMIT_BYTES + 64 * 1024);

/** Takes one file part (reading its stream to the end), or throws the refusal. */
export type FilePartHandler = (part: MultipartFilePart) => Promise<void>;

export async function readPostedEntries(request: FastifyRequest, onFile?: FilePartHandler): Promise<PostedEntries> {
  const entries: PostedEntries = new Map();
  const add = (name: string, value: string) => {
    if (!isStorableText(name) || !isStorableText(value)) {
      throw new FieldworkError("INVALID_FIELD_VALUE", `${isStorableText(name) ? name : "A field name"} ${UNSTORABLE_TEXT}.`, [name]);
    }
    const list = entries.get(name);
    if (list) list.push(value);
    else entries.set(name, [value]);
  };

  // A multipart body's text parts together: SUBMIT_BODY_LIMIT_BYTES (a urlencoded one is limited by Fastify's bodyLimit).
  let textBytes = 0;
  const addText = (name: string, value: string) => {
    textBytes += Buffer.byteLength(value) + Buffer.byteLength(name);
    if (textBytes > SUBMIT_BODY_LIMIT_BYTES) throw new FieldworkError("PAYLOAD_TOO_LARGE");
    add(name, value);
  };

  const multipart = request.isMultipart();
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > (multipart && onFile ? MULTIPART_BODY_LIMIT_BYTES : SUBMIT_BODY_LIMIT_BYTES)) throw new FieldworkError("PAYLOAD_TOO_LARGE");
  if (multipart) {
    const boundary = plainBoundary(request.headers["content-type"]);
    if (boundary && request.headers["content-length"] !== undefined && declared > 0 && declared <= PLAIN_BODY_MAX_BYTES) {
      const body = await readWhole(request.raw, declared);
      const fields = readPlainMultipart(body, boundary, MULTIPART_FIELDS_PER_SUBMIT);
      if (fields) {
        for (const [name, value] of fields) addText(name, value);
        return entries;
      }
      await readMultipart(request, replay(request.raw, body), addText, onFile);
      return entries;
    }
    await readMultipart(request, request.raw, addText, onFile);
    return entries;
  }

  // Urlencoded bodies go through Fastify's parser, whose bodyLimit counts bytes read.
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

/** Reads a multipart body with busboy (@fastify/multipart) from `raw`: the request itself, or a replay of its bytes. */
async function readMultipart(
  request: FastifyRequest, raw: BodyStream, addText: (name: string, value: string) => void, onFile?: FilePartHandler,
): Promise<void> {
  // The plugin reads `this.raw` (and its headers): a view of the request whose raw is the replay.
  const parts = raw === request.raw ? request.parts() : request.parts.call(Object.create(request, { raw: { value: raw } }) as FastifyRequest);
  const stopLimit = limitBytes(raw, onFile ? MULTIPART_BODY_LIMIT_BYTES : SUBMIT_BODY_LIMIT_BYTES);
  const stall = endStalledParse(raw, 2_000);
  try {
    // A file over 5 MB is cut at the limit and marked truncated (app.ts registers the plugin
    // with `throwFileSizeLimit: false`): the submit refuses it with the field's message
    // ('File is too large. Max size is 5MB') rather than a bare 413.
    for await (const part of parts) {
      stall.progress();
      if (part.type === "file") {
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        if (!onFile) {
          part.file.resume();
          throw new FieldworkError("INVALID_FIELD_VALUE", `${part.fieldname} does not take files.`, [part.fieldname]);
        }
        await stall.whileStoring(onFile(part));
        continue;
      }
      // A truncated value would store an answer the visitor did not give: refuse it whole.
      if (part.valueTruncated || part.fieldnameTruncated) throw new FieldworkError("PAYLOAD_TOO_LARGE", `${part.fieldname} is too long.`, [part.fieldname]);
      if (typeof part.value !== "string") throw new FieldworkError("MALFORMED_REQUEST");
      addText(part.fieldname, part.value);
    }
  } finally {
    stopLimit();
    stall.stop();
  }
}

/** The whole body of a request whose Content-Length is `length` (small: PLAIN_BODY_MAX_BYTES). */
function readWhole(raw: IncomingMessage, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const body = Buffer.allocUnsafe(length);
    let at = 0;
    const stop = () => {
      raw.off("data", onData);
      raw.off("end", onEnd);
      raw.off("error", onFailure);
      raw.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      if (at + chunk.length > length) {
        stop();
        raw.resume();
        reject(new FieldworkError("PAYLOAD_TOO_LARGE"));
        return;
      }
      chunk.copy(body, at);
      at += chunk.length;
    };
    const onEnd = () => {
      stop();
      resolve(at === length ? body : body.subarray(0, at));
    };
    const onFailure = (error: Error) => {
      stop();
      reject(error instanceof FieldworkError ? error : new FieldworkError("MALFORMED_REQUEST", "The request body could not be read."));
    };
    const onClose = () => onFailure(new FieldworkError("MALFORMED_REQUEST", "The request was closed before its body was read."));
    raw.on("data", onData);
    raw.once("end", onEnd);
    raw.once("error", onFailure);
    raw.once("close", onClose);
  });
}

/** The bytes already read as a stream for busboy, carrying the request's headers (its Content-Type: the boundary). */
function replay(raw: IncomingMessage, body: Buffer): BodyStream {
  return Object.assign(Readable.from([body], { objectMode: false }), { headers: raw.headers });
}
