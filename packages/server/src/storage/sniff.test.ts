import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { SNIFFED_TYPES } from "@fieldwork/core";
import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sniffHead } from "./byte-limit";
import { sniffType } from "./sniff";

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], "ftyp", brand, [0, 0, 0, 0], "isommp41");

describe("sniffing a file's type from its bytes", () => {
  it("names the images sharp writes", async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } });
    for (const [format, type] of [["png", "image/png"], ["jpeg", "image/jpeg"], ["webp", "image/webp"], ["gif", "image/gif"], ["avif", "image/avif"], ["tiff", "image/tiff"]] as const) {
      expect(sniffType(await image.clone().toFormat(format).toBuffer())).toBe(type);
    }
  });

  it.each([
    [bytes("%PDF-1.7\n"), "application/pdf"],
    [bytes("ID3", [4, 0, 0, 0, 0, 0, 0]), "audio/mpeg"],
    [bytes([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
    [bytes([0xff, 0xf1, 0x50, 0x80]), "audio/aac"],
    [bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "), "audio/wav"],
    [bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    [bytes("fLaC", [0, 0, 0, 0x22]), "audio/flac"],
    [bytes("OggS", [0, 2], Array(20).fill(0), "\x01vorbis"), "audio/ogg"],
    [bytes("OggS", [0, 2], Array(20).fill(0), "\x80theora"), "video/ogg"],
    [bytes([0x1a, 0x45, 0xdf, 0xa3], "\x42\x82\x84webm", "\x86\x85V_VP8", "\x86\x86A_OPUS"), "video/webm"],
    [bytes([0x1a, 0x45, 0xdf, 0xa3], "\x42\x82\x84webm", "\x86\x86A_OPUS"), "audio/webm"],
    [bytes([0x1a, 0x45, 0xdf, 0xa3], "\x42\x82\x88matroska", "V_MPEG4"), "video/x-matroska"],
    [ftyp("isom"), "video/mp4"],
    [ftyp("M4A "), "audio/mp4"],
    [ftyp("qt  "), "video/quicktime"],
    [ftyp("heic"), "image/heic"],
    [ftyp("avif"), "image/avif"],
    [bytes("PK\x03\x04", Array(26).fill(0), "word/document.xml"), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    [bytes("PK\x03\x04", Array(26).fill(0), "hello.txt"), "application/zip"],
    [bytes([0x1f, 0x8b, 8, 0]), "application/gzip"],
    [bytes("<!DOCTYPE html><p>hi"), "text/html"],
    [Buffer.from("\ufeff  <html><script>alert(1)</script>", "utf8"), "text/html"],
    [bytes("hello <script>alert(1)</script>"), "text/html"],
    [bytes("<?xml version='1.0'?><svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "image/svg+xml"],
    [bytes("<svg><script>alert(1)</script></svg>"), "image/svg+xml"],
    [bytes("<?xml version='1.0'?><note/>"), "application/xml"],
    [Buffer.from("\ufeff<html><script>x</script>", "utf16le"), "text/html"],
    [bytes("name,age\nada,36\n"), "text/plain"],
    [Buffer.from("Grüße, 日本語", "utf8"), "text/plain"],
    [bytes([0, 1, 2, 3, 0xff, 0x00]), "application/octet-stream"],
    [Buffer.alloc(0), "application/octet-stream"],
  ])("sniffs %#", (input, type) => {
    expect(sniffType(input)).toBe(type);
  });

  it("names only types core's accept rules know (property)", () => {
    const known = new Set<string>(SNIFFED_TYPES);
    const prefixes = ["", "RIFF\0\0\0\0", "\0\0\0 ftyp", "OggS", "\x1aE\xdf\xa3", "PK\x03\x04", "<svg", "<?xml", "\xff\xfb", "ID3"];
    fc.assert(fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 64 }), (prefix, rest) => {
      expect(known.has(sniffType(Buffer.concat([Buffer.from(prefix, "latin1"), rest])))).toBe(true);
    }), { numRuns: 3000 });
  });

  it("sniffHead reads the first bytes and replays the whole stream", async () => {
    const data = Buffer.concat([bytes("%PDF-1.4\n"), Buffer.alloc(100_000, 7)]);
    const chunks = Array.from({ length: 100 }, (_, i) => data.subarray(i * 1001, (i + 1) * 1001)).filter((c) => c.length > 0);
    const { type, body } = await sniffHead(Readable.from(chunks));
    expect(type).toBe("application/pdf");
    expect((await buffer(body)).equals(data)).toBe(true);
    const empty = await sniffHead(Readable.from([]));
    expect(empty.type).toBe("application/octet-stream");
    expect((await buffer(empty.body)).length).toBe(0);
  });
});
