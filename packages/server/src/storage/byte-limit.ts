/**
 * Counting and capping a body as it streams: a Transform that passes bytes on, keeps the
 * first SNIFF_BYTES for sniffing, and fails with STORAGE_OBJECT_TOO_LARGE (spec 1 §5's
 * message) as soon as more than maxBytes went through, so nothing past the cap is stored.
 */
import { Readable, Transform, type TransformCallback } from "node:stream";
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
 */
export async function sniffHead(stream: NodeJS.ReadableStream): Promise<{ type: string; head: Buffer; body: Readable }> {
  const iterator = (stream as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) { ended = true; break; }
    const chunk = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    if (head.length > 0) yield head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield typeof next.value === "string" ? Buffer.from(next.value) : next.value;
    }
  }
  const body = Readable.from(replay(), { objectMode: false });
  // Destroying the replay (an abort, a refused size) ends the source too.
  body.once("close", () => void iterator.return?.());
  return { type: sniffType(head.subarray(0, SNIFF_BYTES)), head, body };
}
