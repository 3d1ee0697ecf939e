/**
 * COPY's text format escapes a backslash, and the control characters a line could hold
 * (`\b \f \n \r \t \v`), with a backslash; this undoes it, a chunk at a time (a chunk may end
 * between a backslash and the letter after it). A chunk without a backslash passes as is.
 *
 *   const decode = copyTextDecoder();
 *   decode(Buffer.from("a\\r")) // "a\r"
 */
const BACKSLASH = 0x5c;

/** The byte an escape letter stands for (`\\` stands for a backslash). */
function unescaped(letter: number): number {
  switch (letter) {
    case 0x6e: return 0x0a; // n
    case 0x72: return 0x0d; // r
    case 0x74: return 0x09; // t
    case 0x62: return 0x08; // b
    case 0x66: return 0x0c; // f
    case 0x76: return 0x0b; // v
    default: return letter;
  }
}

export function copyTextDecoder(): (chunk: Buffer) => Buffer {
  let pending = false; // the last chunk ended with an escape's backslash
  return (chunk) => {
    if (!pending && chunk.indexOf(BACKSLASH) < 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length);
    let o = 0;
    let i = 0;
    if (pending && chunk.length > 0) {
      out[o++] = unescaped(chunk[0]!);
      i = 1;
      pending = false;
    }
    while (i < chunk.length) {
      const k = chunk.indexOf(BACKSLASH, i);
      if (k < 0) {
        o += chunk.copy(out, o, i);
        break;
      }
      o += chunk.copy(out, o, i, k);
      if (k + 1 >= chunk.length) {
        pending = true;
        break;
      }
      out[o++] = unescaped(chunk[k + 1]!);
      i = k + 2;
    }
    return out.subarray(0, o);
  };
}
