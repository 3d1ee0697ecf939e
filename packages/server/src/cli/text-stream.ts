/**
 * Writing a listing as it comes, at the pace of whoever reads it: a write waits while the
 * stream is full (backpressure), so the CLI holds one batch of rows at a time however many
 * there are, whether they come from the database, the running server or a remote one.
 */
import type { Writable } from "node:stream";

/** Writes one chunk, waiting while the reader is behind; `false` once the reader has gone. */
export type Write = (chunk: string | Uint8Array) => Promise<boolean>;

/**
 * A `Write` onto `stream` (process.stdout, a response body). A reader that goes away
 * (`… | head`: EPIPE) ends the listing quietly instead of crashing the process.
 */
export function streamWriter(stream: Writable): Write {
  let gone = false;
  stream.on("error", () => (gone = true));
  stream.on("close", () => (gone = true));
  const waitForRoom = () => new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      stream.off("error", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
    stream.on("error", done);
  });
  return async (chunk) => {
    if (gone || stream.destroyed) return false;
    if (!stream.write(chunk)) await waitForRoom();
    return !gone && !stream.destroyed;
  };
}

/** Remembers whether anything was written: an error before the first row can still be the whole output. */
export function trackStart(write: Write): { write: Write; started(): boolean } {
  let started = false;
  return {
    write: (chunk) => {
      started = true;
      return write(chunk);
    },
    started: () => started,
  };
}

/** Copies an HTTP response body to `write` as it arrives; stops reading when the reader has gone. */
export async function pipeBody(body: ReadableStream<Uint8Array> | null, write: Write): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (!(await write(value))) {
        await reader.cancel();
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
