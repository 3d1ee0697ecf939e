/**
 * The duration of an audio or video file for its metadata (spec 1 §3.8), read from the
 * container's header with music-metadata (imported on first use): MP3 (Xing/VBRI header or
 * bitrate × size), MP4/M4A/MOV (a video without sound: its longest track), WebM/Matroska,
 * Ogg, WAV, FLAC. At most DURATION_READ_BYTES are read; a file whose header does not say (a WebM recorded by a browser often has no duration,
 * an MP4 with its index at the end) has none.
 */
import { Transform, type TransformCallback } from "node:stream";
import type { StorageDriver, StoredObject } from "./driver";

export const DURATION_READ_BYTES = 8 * 1024 * 1024;
const DURATION_DEADLINE_MS = 5_000;

/** Ends the stream after `most` bytes. */
class FirstBytes extends Transform {
  private left: number;
  constructor(most: number) {
    super();
    this.left = most;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.left <= 0) return done();
    const part = chunk.length > this.left ? chunk.subarray(0, this.left) : chunk;
    this.left -= part.length;
    this.push(part);
    if (this.left <= 0) this.push(null);
    done();
  }
}

function longestTrack(tracks: readonly { duration?: number }[] | undefined): number | undefined {
  const durations = (tracks ?? []).map((track) => track.duration).filter((d): d is number => typeof d === "number" && Number.isFinite(d) && d > 0);
  return durations.length ? Math.max(...durations) : undefined;
}

/** Seconds (rounded to milliseconds), or undefined when the type has none or the header does not say. */
export async function mediaDurationOf(storage: StorageDriver, object: StoredObject): Promise<number | undefined> {
  if (!/^(audio|video)\//.test(object.contentType)) return undefined;
  const signal = AbortSignal.timeout(DURATION_DEADLINE_MS);
  const got = await storage.get(object.key, { signal }).catch(() => null);
  if (!got) return undefined;
  const head = new FirstBytes(DURATION_READ_BYTES);
  got.body.pipe(head);
  try {
    const { parseStream } = await import("music-metadata");
    const metadata = await parseStream(head, { mimeType: object.contentType, size: object.size }, { skipCovers: true, duration: false });
    // An MP4 without sound has no overall duration in music-metadata, only its tracks' own.
    const seconds = metadata.format.duration ?? longestTrack(metadata.format.trackInfo);
    return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) / 1000 : undefined;
  } catch {
    return undefined;
  } finally {
    (got.body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    head.destroy();
  }
}
