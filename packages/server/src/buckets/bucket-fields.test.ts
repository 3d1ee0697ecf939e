/**
 * File fields that name a bucket (issue 21 items 2 and 9; spec 2 §5), on PGlite and PostgreSQL
 * with the disk driver, and on the S3 driver against s3rver: a multipart file (staged) and a
 * signed upload (direct) end under `buckets/{bucket_id}/` with the field's path template, never
 * in the form's folder; the bucket page's listing shows them with their size; the owner
 * downloads them byte-identical, replaces one (same path, new bytes) and adds a file to a row
 * in the bucket; deleting a row, then the form, removes their files from the bucket and
 * nothing else.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageFromConfig } from "../storage/driver";
import { as } from "../test/accounts";
import { BACKENDS, type Backend } from "../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../test/data-api";
import { startS3rver, type LocalS3 } from "../test/s3rver";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);

const MATRIX: (Backend & { store: "disk" | "s3" })[] = [
  ...BACKENDS.map((backend) => ({ ...backend, store: "disk" as const })),
  { ...(BACKENDS.find((b) => b.name === "postgres" && b.available) ?? BACKENDS[0]!), store: "s3" as const },
];

function multipart(parts: { name: string; value?: string; file?: { filename: string; type: string; body: Buffer } }[]) {
  const boundary = `----fwbucket${Math.random().toString(16).slice(2)}`;
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

interface FileValue { path: string; name: string; size: number; type: string }
interface Listing { objects: { kind: string; name: string; path: string; size: number | null; type: string | null }[] }

describe.each(MATRIX)("file fields stored in a bucket on $name, $store storage", (backend) => {
  let f: DataApiFixture;
  let s3: LocalS3 | undefined;
  let bucket: string, formId: string, documentId: string, table: string;
  const field: Record<string, string> = {};
  const owner = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) => as(f.app, f.owner)(method, path, body);
  const app = (): FastifyInstance => f.app;

  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of app().storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  };
  const bytesOf = async (url: string) => (await app().inject({ method: "GET", url })).rawPayload;
  const listing = async (folder: string) => {
    const answer = await owner("GET", `/private/editor/buckets/${bucket}/objects?folder=${encodeURIComponent(folder)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Listing;
  };
  const rows = async () => {
    const answer = await app().inject({ method: "GET", url: `/rest/v1/${table}?order=local_index`, headers: { authorization: `Bearer ${f.keys.viewer}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { id: string; full_name: string; receipt: FileValue | null; scan: FileValue | null }[];
  };
  const submit = async (parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    const answer = await app().inject({ method: "POST", url: `/submit/${formId}`, payload: body.payload, headers: body.headers });
    expect(answer.statusCode, answer.body).toBe(201);
  };

  beforeAll(async () => {
    if (!backend.available) return;
    if (backend.store === "s3") s3 = await startS3rver();
    const storage = s3 ? { storage: storageFromConfig({ dataDir: "/nowhere", storageUrl: s3.storageUrl() }) } : {};
    f = await openDataApiFixture(backend, `bucketfields-${backend.name}-${backend.store}`, { app: storage });
    const created = await owner("POST", `/private/editor/projects/${f.project}/documents`, { doctype: "v0_bucket", title: "Receipts" });
    expect(created.statusCode, created.body).toBe(201);
    bucket = created.json().data.id as string;
    const form = await owner("POST", `/private/editor/projects/${f.project}/forms`, {
      title: "Expenses", settings: { published: true },
      fields: [
        { name: "full_name", type: "text" },
        { name: "receipt", type: "file", storage: { enabled: true, bucket, path: "receipts/{{row_id}}" } },
        { name: "scan", type: "image", upload: { type: "requesturl" }, storage: { enabled: true, bucket, path: "scans" } },
      ],
      blocks: ["full_name", "receipt", "scan"].map((name) => ({ type: "field", field: name })),
    });
    expect(form.statusCode, form.body).toBe(201);
    formId = form.json().data.id as string;
    const row = await f.database.db.selectFrom("form").select(["table_name", "document_id"]).where("id", "=", formId).executeTakeFirstOrThrow();
    table = row.table_name;
    documentId = row.document_id!;
    for (const { id, name } of await f.database.db.selectFrom("form_field").select(["id", "name"]).where("form_id", "=", formId).execute()) field[name] = id;
  });
  afterAll(async () => {
    await f?.close();
    await s3?.close();
  });

  it.skipIf(!backend.available)("a multipart file moves from tmp/ into the bucket under the field's template, listed by the bucket page", async () => {
    await submit([{ name: "full_name", value: "Ada" }, { name: "receipt", file: { filename: "taxi.pdf", type: "application/pdf", body: PDF } }]);
    await app().storageMoves.kick();
    const [ada] = await rows();
    expect(ada!.receipt!.path).toBe(`buckets/${bucket}/receipts/${ada!.id}/taxi.pdf`);
    expect(await keysUnder(`${formId}/`)).toEqual([]);
    expect(await keysUnder("tmp/")).toEqual([]);
    expect((await listing("")).objects.map((o) => `${o.kind}:${o.path}`)).toEqual(["folder:receipts/"]);
    expect((await listing(`receipts/${ada!.id}/`)).objects).toEqual([
      expect.objectContaining({ kind: "file", name: "taxi.pdf", size: PDF.length, type: "application/pdf" }),
    ]);
    // The owner's download goes through the field's preview route, byte-identical.
    const src = await owner("GET", `/private/editor/${formId}/fields/${field.receipt}/file/preview/src?path=${encodeURIComponent(ada!.receipt!.path)}&download=true`);
    expect(src.statusCode, src.body).toBe(302);
    expect((await bytesOf(String(src.headers.location))).equals(PDF)).toBe(true);
  });

  it.skipIf(!backend.available)("a direct signed upload writes in the bucket's folder; an owner's added file lands in the bucket too", async () => {
    const session = (await app().inject({ method: "GET", url: `/v1/${formId}/session` })).json().data.id as string;
    const requested = await app().inject({ method: "PUT", url: `/v1/session/${session}/field/${field.scan}/upload-url`, payload: { file: { name: "scan.png", size: PNG.length } } });
    expect(requested.statusCode, requested.body).toBe(200);
    const { signedUrl, path } = requested.json().data as { signedUrl: string; path: string };
    expect(path.startsWith(`buckets/${bucket}/scans/`)).toBe(true);
    expect((await app().inject({ method: "PUT", url: signedUrl, payload: PNG, headers: { "content-type": "image/png" } })).statusCode).toBeLessThan(300);
    await submit([{ name: "full_name", value: "Bob" }, { name: "__fw_session", value: session }, { name: "scan", value: path }]);
    const bob = (await rows()).find((r) => r.full_name === "Bob")!;
    expect(bob.scan!.path).toBe(path);
    const scans = await listing("scans/");
    expect(scans.objects).toHaveLength(1);
    expect(scans.objects[0]!.kind).toBe("folder");

    const added = await owner("POST", `/private/editor/${formId}/rows/${bob.id}/fields/${field.receipt}/files/signed-upload-url`, { file: { name: "late.pdf", size: PDF.length } });
    expect(added.statusCode, added.body).toBe(200);
    const grant = added.json().data as { signedUrl: string; path: string };
    expect(grant.path.startsWith(`buckets/${bucket}/receipts/${bob.id}/`)).toBe(true);
    expect((await app().inject({ method: "PUT", url: grant.signedUrl, payload: PDF, headers: { "content-type": "application/pdf" } })).statusCode).toBeLessThan(300);
    expect((await rows()).find((r) => r.id === bob.id)!.receipt!.path).toBe(grant.path);

    // Replace keeps the path in the bucket and serves the new bytes.
    const bigger = Buffer.concat([PNG, Buffer.alloc(100, 9)]);
    const upsert = await owner("PUT", `/private/editor/${formId}/fields/${field.scan}/file/upsert?path=${encodeURIComponent(path)}`, { file: { name: "scan.png", size: bigger.length } });
    expect(upsert.statusCode, upsert.body).toBe(200);
    const replaced = await app().inject({ method: "PUT", url: upsert.json().data.signedUrl as string, payload: bigger, headers: { "content-type": "image/png" } });
    expect(replaced.statusCode, replaced.body).toBeLessThan(300);
    const src = await owner("GET", `/private/editor/${formId}/fields/${field.scan}/file/preview/src?path=${encodeURIComponent(path)}&download=true`);
    expect((await bytesOf(String(src.headers.location))).equals(bigger)).toBe(true);
    expect((await listing(`scans/${path.split("/")[3]}/`)).objects[0]).toMatchObject({ name: "scan.png", size: bigger.length });
  });

  it.skipIf(!backend.available)("deleting a row removes its files from the bucket; deleting the form removes the rest", async () => {
    const [ada, bob] = await rows();
    const removed = await app().inject({ method: "DELETE", url: `/rest/v1/${table}?id=eq.${ada!.id}`, headers: { authorization: `Bearer ${f.keys.editor}` } });
    expect(removed.statusCode, removed.body).toBe(204);
    await app().storageMoves.kick();
    expect(await keysUnder(`buckets/${bucket}/receipts/${ada!.id}/`)).toEqual([]);
    expect(await keysUnder(`buckets/${bucket}/`)).toEqual([bob!.receipt!.path, bob!.scan!.path].sort());
    // Another object of the bucket, not an answer's, stays when the form goes.
    await app().storage.put(`buckets/${bucket}/logo.pdf`, (await import("node:stream")).Readable.from([PDF]), { contentType: "application/pdf", maxBytes: 1000 });
    expect((await owner("DELETE", `/private/editor/documents/${documentId}`)).statusCode).toBe(200);
    await app().storageMoves.kick();
    expect(await keysUnder(`buckets/${bucket}/`)).toEqual([`buckets/${bucket}/logo.pdf`]);
  });
});
