/**
 * Audio and video durations in the answers (issue 21 item 7, spec 1 §3.8), on PGlite and
 * PostgreSQL with the disk driver: a multipart submit stores each file's duration read from
 * its header (an MP4 with sound, a WebM, an MP4 without sound); an owner's replace stores the
 * new bytes' duration, drops one the new file does not have, and sets lastModified again.
 * The samples are real ffmpeg files of a few KB (storage/fixtures/README.md).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as } from "../../test/accounts";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

const fixture = (name: string) => readFileSync(new URL(`../../storage/fixtures/${name}`, import.meta.url));
const MP4_2S = fixture("clip-2s.mp4");
const WEBM_3S = fixture("clip-3s.webm");
const SILENT_MP4 = fixture("silent-1.6s.mp4");
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");

const MEDIA_FORM = {
  title: "Auditions", settings: { published: true },
  fields: [
    { name: "full_name", type: "text", label: "Name" },
    { name: "clip", type: "video", label: "Clip" },
    { name: "take", type: "video", label: "Second take" },
    { name: "silent", type: "video", label: "Silent take" },
    { name: "notes", type: "file", label: "Notes" },
  ],
  blocks: ["full_name", "clip", "take", "silent", "notes"].map((field) => ({ type: "field", field })),
};

interface FileMeta { path: string; name: string; size: number; type: string; lastModified: number; duration?: number }
type Row = { id: string; clip: FileMeta; take: FileMeta; silent: FileMeta; notes: FileMeta };

function multipart(parts: { name: string; value?: string; file?: { filename: string; type: string; body: Buffer } }[]) {
  const boundary = `----fwduration${Math.random().toString(16).slice(2)}`;
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

describe.each(BACKENDS)("media durations on $name", (backend) => {
  let f: DataApiFixture;
  const fields: Record<string, string> = {};
  const row = async () => {
    const answer = await f.app.inject({ method: "GET", url: `/rest/v1/${f.table}?order=local_index`, headers: { authorization: `Bearer ${f.keys.viewer}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as Row[])[0]!;
  };
  /** An owner's replace of the file at `path` with `bytes`: the upsert route's signed PUT. */
  const replace = async (field: string, path: string, name: string, type: string, bytes: Buffer) => {
    const upsert = await as(f.app, f.owner)("PUT", `/private/editor/${f.form_id}/fields/${fields[field]}/file/upsert?path=${encodeURIComponent(path)}`, { file: { name, size: bytes.length, type } });
    expect(upsert.statusCode, upsert.body).toBe(200);
    const put = await f.app.inject({ method: "PUT", url: (upsert.json() as { data: { signedUrl: string } }).data.signedUrl, payload: bytes, headers: { "content-type": type } });
    expect(put.statusCode, put.body).toBe(200);
  };

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `durations-${backend.name}`, { form: MEDIA_FORM });
    for (const { id, name } of await f.database.db.selectFrom("form_field").select(["id", "name"]).where("form_id", "=", f.form_id).execute()) fields[name] = id;
    const body = multipart([
      { name: "full_name", value: "Ada" },
      { name: "clip", file: { filename: "audition.mp4", type: "video/mp4", body: MP4_2S } },
      { name: "take", file: { filename: "take two.webm", type: "video/webm", body: WEBM_3S } },
      { name: "silent", file: { filename: "silent.mp4", type: "video/mp4", body: SILENT_MP4 } },
      { name: "notes", file: { filename: "notes.pdf", type: "application/pdf", body: PDF } },
    ]);
    const answer = await f.app.inject({ method: "POST", url: `/submit/${f.form_id}`, payload: body.payload, headers: body.headers });
    expect(answer.statusCode, answer.body).toBe(201);
    await f.app.storageMoves.kick();
  });
  afterAll(async () => {
    await f?.close();
  });

  it.skipIf(!backend.available)("a multipart submit stores each audio or video file's duration, read from its header", async () => {
    const ada = await row();
    expect(ada.clip).toMatchObject({ name: "audition.mp4", type: "video/mp4", size: MP4_2S.length, duration: 2.128 });
    expect(ada.take).toMatchObject({ name: "take two.webm", type: "video/webm", size: WEBM_3S.length, duration: 3.008 });
    // Without sound an MP4 has only its video track's duration: that one is stored.
    expect(ada.silent).toMatchObject({ name: "silent.mp4", type: "video/mp4", duration: 1.6 });
    // A document has none.
    expect(ada.notes).toMatchObject({ name: "notes.pdf", type: "application/pdf" });
    expect(ada.notes).not.toHaveProperty("duration");
  });

  it.skipIf(!backend.available)("a replace stores the new bytes' duration and sets lastModified again; a file without one loses the old", async () => {
    const before = await row();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await replace("clip", before.clip.path, "longer.webm", "video/webm", WEBM_3S);
    const after = await row();
    expect(after.clip.path).toBe(before.clip.path);
    expect(after.clip).toMatchObject({ name: "longer.webm", type: "video/webm", size: WEBM_3S.length, duration: 3.008 });
    expect(after.clip.lastModified).toBeGreaterThan(before.clip.lastModified);
    // The other files of the row are as they were (their URLs signed again: the token's expiry may differ by a second).
    expect(unsigned(after.take)).toEqual(unsigned(before.take));

    // A video replaced by bytes whose header gives no duration keeps none of the old one.
    const noHeader = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(4096, 5)]);
    await replace("take", before.take.path, "broken.mp4", "video/mp4", noHeader);
    const last = await row();
    expect(last.take).toMatchObject({ name: "broken.mp4", type: "video/mp4", size: noHeader.length });
    expect(last.take).not.toHaveProperty("duration");
    expect(last.take.lastModified).toBeGreaterThan(before.take.lastModified);
  });
});

/** A file value with its signed URLs' tokens removed: each read signs them again. */
function unsigned(file: unknown): unknown {
  return JSON.parse(JSON.stringify(file), (_key, value: unknown) =>
    typeof value === "string" ? value.replace(/([?&])token=[^&]*/, "$1token=…") : value,
  );
}
