/**
 * A one-pass reader for the multipart bodies browsers send for forms without files: every part
 * a text field, each with one header, `Content-Disposition: form-data; name="…"`. It answers
 * exactly what busboy (through @fastify/multipart) gives for such a body — the same names and
 * values, in order — or null for anything else, which then goes to busboy: a preamble or
 * epilogue, another header (a part's Content-Type, a file name, `name*=`), a quote or backslash
 * in a name, a bare line break, a malformed or missing ending, a name @fastify/multipart refuses
 * (one of Object.prototype's), more fields than the multipart limit, an empty body.
 * `plain-multipart.test.ts` checks it against busboy.
 *
 * What busboy does for these bodies, and so what this does: a name is its bytes read as UTF-8,
 * a value likewise (invalid sequences become U+FFFD, a leading byte order mark stays).
 */

/** The boundary of a `multipart/form-data` Content-Type without other parameters or quoting, else null. */
export function plainBoundary(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data; ?boundary=([0-9A-Za-z'()+_,\-./:=?]{1,70})$/i.exec(contentType ?? "");
  return match ? match[1]! : null;
}

const CRLF = 0x0a0d; // "\r\n" read as a little-endian uint16
const HEADER_END = Buffer.from("\r\n\r\n");
const HEADER_END_WORD = HEADER_END.readUInt32LE(0);
/** Backslash, carriage return, line feed: none may be in a name read without busboy. */
const NOT_IN_NAME = [0x5c, 0x0d, 0x0a];
/** The header as browsers spell it, up to the name: read byte by byte, without making strings. */
const BROWSER_HEADER = Buffer.from('Content-Disposition: form-data; name="');
const QUOTE = 0x22;
const DASHES = 0x2d2d; // "--"
/** The header's value, after its name (matched apart: busboy lowercases the name only). */
const DISPOSITION = /^[ \t]?form-data; name="([^"\\]*)"$/;

/**
 * The (name, value) pairs of `body`, or null when busboy must read it. `maxFields`: a body with
 * more fields is left to busboy, whose limit refuses it.
 */
export function readPlainMultipart(body: Buffer, boundary: string, maxFields: number): [string, string][] | null {
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const opening = delimiter.length - 2;
  // The first delimiter opens the body (no preamble).
  if (body.length < opening + 2 || body.compare(delimiter, 2, delimiter.length, 0, opening) !== 0) return null;
  const fields: [string, string][] = [];
  let at = opening;
  for (;;) {
    if (at + 2 > body.length) return null;
    const after = body.readUInt16LE(at);
    if (after === DASHES) {
      // The closing delimiter, then nothing or one line break.
      const rest = body.length - at - 2;
      return rest === 0 || (rest === 2 && body.readUInt16LE(at + 2) === CRLF) ? fields : null;
    }
    if (after !== CRLF || fields.length >= maxFields) return null;
    const start = at + 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    const header = readHeader(body, start, next);
    if (!header) return null;
    const [name, valueStart] = header;
    if (name in Object.prototype) return null;
    fields.push([name, body.toString("utf8", valueStart, next)]);
    at = next + delimiter.length;
  }
}

/** The field name of the part's header block at `start` (its part ends at `end`) and where its value starts, or null. */
function readHeader(body: Buffer, start: number, end: number): [string, number] | null {
  const nameStart = start + BROWSER_HEADER.length;
  if (nameStart < end && body.compare(BROWSER_HEADER, 0, BROWSER_HEADER.length, start, nameStart) === 0) {
    const quote = body.indexOf(QUOTE, nameStart);
    // The closing quote, then the blank line; a name without a backslash or line break.
    if (quote >= 0 && quote + 5 <= end && body.readUInt32LE(quote + 1) === HEADER_END_WORD && !hasByte(body, nameStart, quote, NOT_IN_NAME)) {
      return [body.toString("utf8", nameStart, quote), quote + 5];
    }
  }
  const headerEnd = body.indexOf(HEADER_END, start);
  if (headerEnd < 0 || headerEnd + 4 > end) return null;
  const header = body.toString("latin1", start, headerEnd);
  if (header.includes("\r") || header.includes("\n")) return null;
  const disposition = header.slice(0, 20).toLowerCase() === "content-disposition:" ? DISPOSITION.exec(header.slice(20)) : null;
  if (!disposition) return null;
  return [Buffer.from(disposition[1]!, "latin1").toString("utf8"), headerEnd + 4];
}

function hasByte(body: Buffer, from: number, to: number, bytes: readonly number[]): boolean {
  for (let i = from; i < to; i++) if (bytes.includes(body[i]!)) return true;
  return false;
}
