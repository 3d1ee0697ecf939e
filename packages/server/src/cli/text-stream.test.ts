import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pipeBody, streamWriter, trackStart } from "./text-stream";

/** A stream that takes one chunk at a time and holds it until the test lets it through. */
function slowReader() {
  const held: (() => void)[] = [];
  const received: string[] = [];
  const stream = new Writable({
    highWaterMark: 4,
    write(chunk: Buffer, _encoding, callback) {
      received.push(chunk.toString());
      held.push(callback);
    },
  });
  return { stream, received, release: () => held.splice(0).forEach((callback) => callback()) };
}
const settled = async <T>(promise: Promise<T>) => Promise.race([promise.then((value) => ({ value })), new Promise((r) => setTimeout(r, 50)).then(() => "pending")]);

describe("streamWriter", () => {
  it("waits while the reader is behind and goes on once it drains", async () => {
    const reader = slowReader();
    const write = streamWriter(reader.stream);
    const first = write("a batch of rows\n");
    expect(await settled(first)).toBe("pending");
    reader.release();
    expect(await settled(first)).toEqual({ value: true });
    expect(reader.received).toEqual(["a batch of rows\n"]);
  });

  it("answers false, without throwing, once the reader has gone (EPIPE)", async () => {
    const reader = slowReader();
    const write = streamWriter(reader.stream);
    const pending = write("rows\n");
    reader.stream.destroy(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(await pending).toBe(false);
    expect(await write("more\n")).toBe(false);
  });
});

describe("pipeBody", () => {
  it("copies a body chunk by chunk and stops reading when the reader has gone", async () => {
    const chunks = ["one\n", "two\n", "three\n"].map((text) => new TextEncoder().encode(text));
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
      cancel: () => void (cancelled = true),
    });
    const seen: string[] = [];
    await pipeBody(body, async (chunk) => {
      seen.push(new TextDecoder().decode(chunk as Uint8Array));
      return seen.length < 2;
    });
    expect(seen).toEqual(["one\n", "two\n"]);
    expect(cancelled).toBe(true);
  });

  it("tells whether anything was written yet", async () => {
    const tracked = trackStart(async () => true);
    expect(tracked.started()).toBe(false);
    await tracked.write("x");
    expect(tracked.started()).toBe(true);
  });
});
