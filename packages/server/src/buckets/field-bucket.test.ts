/**
 * Spec 2 §5's bucket rule for richtext, on the server (core `fieldBucketProblem`, enforced by
 * field-bucket.ts), on PGlite and PostgreSQL: a richtext field with storage on needs a bucket,
 * and a public one (its images show to visitors). Saving one that names a private bucket is
 * refused with BUCKET_NOT_PUBLIC whether the field is added, edited or imported in a
 * definition, and nothing is saved; a file field may name the private bucket.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { as, signUp, type Member } from "../test/accounts";
import { BACKENDS } from "../test/backends";

describe.each(BACKENDS)("a richtext field's bucket on $name", (backend) => {
  let app: FastifyInstance;
  let database: Database;
  let owner: Member;
  let project: string, bucket: string, formId: string;
  const api = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) => as(app, owner)(method, `/private/editor${path}`, body);
  const revision = async () => (await api("GET", `/forms/${formId}`)).json().data.revision as number;
  const fieldNames = async () => ((await api("GET", `/forms/${formId}`)).json().data.fields as { name: string }[]).map((f) => f.name);
  const codeOf = (answer: { statusCode: number; json(): unknown }) => ({ status: answer.statusCode, code: (answer.json() as { error?: { code?: string } }).error?.code });
  const richtext = (storage: Record<string, unknown>) => ({ name: "story", type: "richtext", label: "Your story", storage });

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, publicUrl: "http://localhost:3000" });
    owner = await signUp(app, "richtext-bucket@example.com", "correct horse battery", "10.7.9.1");
    const org = (await api("POST", "/organizations", { name: "richco" })).json().data.id as string;
    project = (await api("POST", `/organizations/${org}/projects`, { name: "stories" })).json().data.id as string;
    const created = await api("POST", `/projects/${project}/documents`, { doctype: "v0_bucket", title: "Pictures" });
    expect(created.statusCode, created.body).toBe(201);
    bucket = created.json().data.id as string;
    formId = (await api("POST", `/projects/${project}/documents`, { doctype: "v0_form", title: "Stories" })).json().data.form_id as string;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(!backend.available)("adding a richtext field on a private bucket is refused with BUCKET_NOT_PUBLIC; with storage on and no bucket, BUCKET_REQUIRED", async () => {
    expect((await api("GET", `/buckets/${bucket}`)).json().data.public).toBe(false);
    const onPrivate = await api("POST", `/forms/${formId}/fields`, { revision: await revision(), field: richtext({ enabled: true, bucket }) });
    expect(codeOf(onPrivate)).toEqual({ status: 400, code: "BUCKET_NOT_PUBLIC" });
    expect((onPrivate.json() as { error: { message: string } }).error.message).toContain("A public bucket is required for richtext");
    const noBucket = await api("POST", `/forms/${formId}/fields`, { revision: await revision(), field: richtext({ enabled: true }) });
    expect(codeOf(noBucket)).toEqual({ status: 400, code: "BUCKET_REQUIRED" });
    expect(await fieldNames()).not.toContain("story");
    // A file field takes any bucket, the private one too.
    const file = await api("POST", `/forms/${formId}/fields`, { revision: await revision(), field: { name: "photo", type: "image", storage: { enabled: true, bucket } } });
    expect(file.statusCode, file.body).toBe(201);
  });

  it.skipIf(!backend.available)("made public, the bucket is taken; made private again, editing the field is refused and the saved field stays", async () => {
    expect((await api("PATCH", `/buckets/${bucket}`, { public: true })).statusCode).toBe(200);
    const added = await api("POST", `/forms/${formId}/fields`, { revision: await revision(), field: richtext({ enabled: true, bucket }) });
    expect(added.statusCode, added.body).toBe(201);
    const fieldId = added.json().data.field_id as string;
    expect((await api("PATCH", `/buckets/${bucket}`, { public: false })).statusCode).toBe(200);
    const edited = await api("PATCH", `/forms/${formId}/fields/${fieldId}`, { revision: await revision(), field: { ...richtext({ enabled: true, bucket }), label: "Tell us" } });
    expect(codeOf(edited)).toEqual({ status: 400, code: "BUCKET_NOT_PUBLIC" });
    const saved = ((await api("GET", `/forms/${formId}`)).json().data.fields as { name: string; label: string }[]).find((f) => f.name === "story");
    expect(saved?.label).toBe("Your story");
  });

  it.skipIf(!backend.available)("a definition whose richtext field names a private bucket is refused whole at import", async () => {
    const imported = await api("POST", `/projects/${project}/forms`, {
      title: "Imported stories", fields: [{ name: "title", type: "text" }, richtext({ enabled: true, bucket })],
      blocks: [{ type: "field", field: "title" }, { type: "field", field: "story" }],
    });
    expect(codeOf(imported)).toEqual({ status: 400, code: "BUCKET_NOT_PUBLIC" });
    const titles = ((await api("GET", `/projects/${project}/documents`)).json().data as { title: string }[]).map((d) => d.title);
    expect(titles).not.toContain("Imported stories");
  });
});
