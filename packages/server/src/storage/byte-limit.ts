/**
 * Counting and capping a body as it streams: a Transform that passes bytes on, keeps the
 * first SNIFF_BYTES for sniffing, and fails with STORAGE_OBJECT_TOO_LARGE (spec 1 §5's
 * message) as soon as more than maxBytes went through, so nothing past the cap is stored.
 */
import { PassThrough, type Readable, Transform, type TransformCallback } from "node:stream";
import { FieldworkError, fileTooLargeMessage } from "@fieldwork/core";
import { sniffType, SNIFF_BYTES } from "./sniff";

export const tooLarge = (maxBytes: number) => new FieldworkError("STORAGE_OBJECT_TOO_LARGE", fileTooLargeMessage(maxBytes));

export class ByteLimit extends Transform {
  bytes = 0;
  private readonly head: Buffer[] = [];
  private headBytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    this.bytes += buffer.length;
    if (this.bytes > this.maxBytes) return done(tooLarge(this.maxBytes));
    if (this.headBytes < SNIFF_BYTES) {
      const part = buffer.subarray(0, SNIFF_BYTES - this.headBytes);
      this.head.push(part);
      this.headBytes += part.length;
    }
    done(null, buffer);
  }

  /** The sniffed type of what went through. */
  get contentType(): string {
    return sniffType(Buffer.concat(this.head));
  }
}

/**
 * Reads the first bytes of a stream to sniff its type, then gives back a stream that
 * replays them before the rest: `const { type, body } = await sniffHead(request.raw)`.
 * Destroying the returned body (an abort, a refused size) stops reading the source and
 * leaves it paused; its owner ends it.
 */
export function sniffHead(source: NodeJS.ReadableStream): Promise<{ type: string; head: Buffer; body: PassThrough }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      source.off("data", onData);
      source.off("end", onEnd);
      source.off("error", onError);
      source.pause();
      const head = Buffer.concat(chunks);
      const body = new PassThrough();
      if (head.length > 0) body.write(head);
      if (ended) body.end();
      else {
        source.on("error", (error: Error) => body.destroy(error));
        // Destroyed early (a refused size, an abort): stop reading the source but leave it
        // open, so that an HTTP request can still be answered (413, 408) before it closes.
        body.once("close", () => { if (!body.writableFinished) source.unpipe(body); });
        source.pipe(body);
      }
      resolve({ type: sniffType(head.subarray(0, SNIFF_BYTES)), head, body });
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      chunks.push(buffer);
      length += buffer.length;
      if (length >= SNIFF_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (error: Error) => {
      source.off("data", onData);
      source.off("end", onEnd);
      reject(error);
    };
    const readable = source as Partial<Readable>;
    if (readable.destroyed && !readable.readableEnded) return reject(new Error("the body was closed before it was read"));
    if (readable.readableEnded) return finish(true);
    source.on("data", onData);
    source.once("end", onEnd);
    source.once("error", onError);
  });
}
