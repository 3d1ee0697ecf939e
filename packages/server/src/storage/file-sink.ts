/**
 * Where a disk put's bytes go: a Writable over an open file that counts them, refuses past
 * maxBytes (STORAGE_OBJECT_TOO_LARGE, nothing more is written), keeps the first SNIFF_BYTES
 * for the type, and writes in batches of WRITE_BATCH_BYTES with one `writev` each (a socket
 * gives 64 KB chunks: one write per chunk cost a quarter of the CPU of an upload, bench:upload).
 * Ending it writes the rest and fsyncs the file once, so an acknowledged put survives a crash.
 * Memory: at most one batch per upload.
 *
 *   await pipeline(body, new FileSink(handle, maxBytes));   // then rename the file into place
 */
import type { FileHandle } from "node:fs/promises";
import { Writable } from "node:stream";
import { tooLarge } from "./byte-limit";
import { sniffType, SNIFF_BYTES } from "./sniff";

export const WRITE_BATCH_BYTES = 1024 * 1024;

export class FileSink extends Writable {
  bytes = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly head: Buffer[] = [];
  private headBytes = 0;

  constructor(private readonly handle: FileHandle, private readonly maxBytes: number) {
    super({ highWaterMark: WRITE_BATCH_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(tooLarge(this.maxBytes));
    if (this.headBytes < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headBytes);
      this.head.push(part);
      this.headBytes += part.length;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < WRITE_BATCH_BYTES) return done();
    this.writePending().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void) {
    this.writePending().then(() => this.handle.sync()).then(() => done(), done);
  }

  /** The sniffed type of what was written. */
  get contentType(): string {
    return sniffType(Buffer.concat(this.head));
  }

  private async writePending() {
    let buffers = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    // writev may write less than asked (a full disk, a signal): write the rest.
    while (buffers.length > 0) {
      const { bytesWritten } = await this.handle.writev(buffers);
      buffers = rest(buffers, bytesWritten);
    }
  }
}

function rest(buffers: Buffer[], written: number): Buffer[] {
  let skip = written;
  let at = 0;
  while (at < buffers.length && skip >= buffers[at]!.length) skip -= buffers[at++]!.length;
  if (at === buffers.length) return [];
  return [buffers[at]!.subarray(skip), ...buffers.slice(at + 1)];
}
