/**
 * Field names that are also names the query engine's SQL uses for itself (`n`, `p`, `v`,
 * `w`, `t`, `c`, `counter`, `body`, `row`…): every read, write and export of such a form
 * answers as for any other (a field named `n` made inserts answer 500).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const NAMES = ["n", "p", "v", "w", "t", "c", "s", "k", "counter", "body", "row", "rows", "q", "keys", "matches"];
const ALIAS_FORM = {
  title: "Aliases",
  fields: NAMES.map((name) => ({ name, type: "text", label: name.toUpperCase() })),
  blocks: [],
};
const row = (tag: string) => Object.fromEntries(NAMES.map((name) => [name, `${name}-${tag}`]));

describe.each(BACKENDS)("fields named like the engine's aliases on $name", (backend) => {
  let f: DataApiFixture;
  let app: FastifyInstance;
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${f.keys.editor}`, "content-type": "application/json", ...extra });
  const url = (query = "") => `/rest/v1/${f.table}${query}`;

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `aliases-${backend.name}`, { form: ALIAS_FORM });
    app = f.app;
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("inserts, upserts, updates, reads, exports and deletes", async () => {
    const inserted = await app.inject({ method: "POST", url: url(), headers: headers({ prefer: "return=representation" }), payload: JSON.stringify([row("a"), row("b")]) });
    expect(inserted.statusCode, inserted.body).toBe(201);
    const rows = inserted.json() as Record<string, string>[];
    expect(rows.map((r) => r.n)).toEqual(["n-a", "n-b"]);
    expect(rows[0]).toMatchObject(row("a"));

    const upsert = await app.inject({
      method: "POST", url: url(), headers: headers({ prefer: "return=representation,resolution=merge-duplicates" }),
      payload: JSON.stringify([{ id: rows[0]!.id, p: "p-merged" }, row("c")]),
    });
    expect(upsert.statusCode, upsert.body).toBe(201);
    expect((upsert.json() as Record<string, string>[]).map((r) => r.p)).toEqual(["p-merged", "p-c"]);

    const updated = await app.inject({ method: "PATCH", url: url("?n=eq.n-b&select=n,w,body"), headers: headers({ prefer: "return=representation" }), payload: JSON.stringify({ w: "w-new" }) });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual([{ n: "n-b", w: "w-new", body: "body-b" }]);

    const read = await app.inject({ method: "GET", url: url("?select=n,p,row&order=n.desc&p=neq.zzz"), headers: headers({ prefer: "count=exact" }) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual([{ n: "n-c", p: "p-c", row: "row-c" }, { n: "n-b", p: "p-b", row: "row-b" }, { n: "n-a", p: "p-merged", row: "row-a" }]);

    const csv = await app.inject({ method: "GET", url: url("?select=n,p,counter&order=n"), headers: headers({ accept: "text/csv" }) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toBe("n,p,counter\r\nn-a,p-merged,counter-a\r\nn-b,p-b,counter-b\r\nn-c,p-c,counter-c\r\n");
    const jsonl = await app.inject({ method: "GET", url: url("?select=n,keys&order=n.desc&limit=2"), headers: headers({ accept: "application/x-ndjson" }) });
    expect(jsonl.body).toBe('{"n":"n-c","keys":"keys-c"}\n{"n":"n-b","keys":"keys-b"}\n');

    const deleted = await app.inject({ method: "DELETE", url: url("?n=in.(n-a,n-c)&select=v"), headers: headers({ prefer: "return=representation" }) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual([{ v: "v-a" }, { v: "v-c" }]);
  });

  it.skipIf(!backend.available)("neutralizes formulas in a CSV export (OWASP): a leading ', JSON lines unchanged", async () => {
    const cells = { n: '=HYPERLINK("http://evil.example","x")', p: "+cmd|' /C calc'!A0", v: "-2+3+cmd", w: "@SUM(1+1)", t: "\tx", s: "plain" };
    const inserted = await app.inject({ method: "POST", url: url(), headers: headers(), payload: JSON.stringify(cells) });
    expect(inserted.statusCode, inserted.body).toBe(201);
    const csv = await app.inject({ method: "GET", url: url("?select=n,p,v,w,t,s&s=eq.plain"), headers: headers({ accept: "text/csv" }) });
    expect(csv.body).toBe(`n,p,v,w,t,s\r\n"'=HYPERLINK(""http://evil.example"",""x"")",'+cmd|' /C calc'!A0,'-2+3+cmd,'@SUM(1+1),'\tx,plain\r\n`);
    const jsonl = await app.inject({ method: "GET", url: url("?select=n&s=eq.plain"), headers: headers({ accept: "application/x-ndjson" }) });
    expect(JSON.parse(jsonl.body)).toEqual({ n: cells.n });
  });
});
