/**
 * COPY's CSV ends each row with LF; Fieldwork's CSV ends it with CRLF (RFC 4180, as the
 * batched path writes it). This turns every LF outside a quoted field into CRLF, a chunk at
 * a time (a quoted field may span chunks); an LF inside quotes is the field's own. A quote
 * opens or closes a field, and a doubled quote inside one closes and reopens it, so
 * counting quotes is enough.
 *
 *   const crlf = csvCrlf();
 *   crlf(Buffer.from('a,"b\nc"\n')) // 'a,"b\nc"\r\n'
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export function csvCrlf(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    const ends: number[] = [];
    let q = chunk.indexOf(QUOTE);
    let l = chunk.indexOf(LF);
    for (;;) {
      if (quoted) {
        if (q < 0) break;
        quoted = false;
        const from = q + 1;
        q = chunk.indexOf(QUOTE, from);
        if (l >= 0 && l < from) l = chunk.indexOf(LF, from);
      } else if (q >= 0 && (l < 0 || q < l)) {
        quoted = true;
        q = chunk.indexOf(QUOTE, q + 1);
      } else if (l >= 0) {
        ends.push(l);
        l = chunk.indexOf(LF, l + 1);
      } else break;
    }
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let o = 0;
    let from = 0;
    for (const end of ends) {
      o += chunk.copy(out, o, from, end);
      out[o++] = CR;
      out[o++] = LF;
      from = end + 1;
    }
    chunk.copy(out, o, from);
    return out;
  };
}
