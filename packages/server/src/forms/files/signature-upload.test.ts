import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { capabilityOf, FILE_LIMITS, isSignatureImage, SIGNATURE_PREFIX } from "@fieldwork/core";
import { readCapped, signatureFromImage, sniffSignatureImage } from "./signature-upload";

const picture = (format: "png" | "jpeg" | "webp", width = 800, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><path d="M20 ${height - 40} C 200 0, 400 ${height}, ${width - 20} 40" stroke="#000" stroke-width="6" fill="none"/></svg>`) }])
    [format]().toBuffer();
const decoded = (value: string) => sharp(Buffer.from(value.slice(SIGNATURE_PREFIX.length), "base64")).metadata();

describe("a signature posted as a picture (page without scripts)", () => {
  it("knows PNG, JPEG and WebP by their bytes, and nothing else", async () => {
    expect(sniffSignatureImage(await picture("png"))).toBe("png");
    expect(sniffSignatureImage(await picture("jpeg"))).toBe("jpeg");
    expect(sniffSignatureImage(await picture("webp"))).toBe("webp");
    expect(sniffSignatureImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(sniffSignatureImage(Buffer.from("GIF89a"))).toBeUndefined();
    expect(sniffSignatureImage(new Uint8Array())).toBeUndefined();
  });

  it("stores a PNG as the pad's own value: a PNG data URL within the column, no larger than twice the pad", async () => {
    const result = await signatureFromImage(await picture("png", 2400, 900));
    expect(result.ok).toBe(true);
    const value = (result as { value: string }).value;
    expect(isSignatureImage(value)).toBe(true);
    expect(value.length).toBeLessThanOrEqual(capabilityOf("signature").max_length);
    const meta = await decoded(value);
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([960, 360]);
  });

  it("turns a phone's JPEG into a PNG, and never enlarges a small picture", async () => {
    const result = await signatureFromImage(await picture("jpeg", 300, 100));
    expect(result.ok).toBe(true);
    const meta = await decoded((result as { value: string }).value);
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 300, 100]);
  });

  it("refuses what is not a picture, or only starts like one, with the field's file-type message", async () => {
    const svg = await signatureFromImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg).toEqual({ ok: false, problem: { kind: "file_type", accept: "PNG, JPEG, WebP" } });
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not really a png".repeat(10))]);
    expect(await signatureFromImage(fake)).toMatchObject({ ok: false, problem: { kind: "file_type" } });
  });

  it("draws a noisy photo at the pad's size when twice that does not fit the column; refuses one past the upload limit", async () => {
    const noise = await sharp(randomBytes(1200 * 360 * 3), { raw: { width: 1200, height: 360, channels: 3 } })
      .png({ compressionLevel: 0 }).toBuffer();
    const result = await signatureFromImage(noise);
    expect(result.ok).toBe(true);
    const value = (result as { value: string }).value;
    expect(value.length).toBeLessThanOrEqual(capabilityOf("signature").max_length);
    expect((await decoded(value)).width).toBe(600);
    expect(await signatureFromImage(Buffer.alloc(FILE_LIMITS.multipart_bytes + 1))).toMatchObject({ ok: false, problem: { kind: "file_too_large" } });
  });

  it("reads a part to its end, keeping nothing of one past the limit", async () => {
    expect(await readCapped(Readable.from([Buffer.from("ab"), Buffer.from("cd")]), 4)).toEqual(Buffer.from("abcd"));
    expect(await readCapped(Readable.from([Buffer.from("ab"), Buffer.from("cde")]), 4)).toBeUndefined();
    expect(await readCapped(Object.assign(Readable.from([Buffer.from("ab")]), { truncated: true }), 4)).toBeUndefined();
  });
});
