/**
 * Answers that are never lost: the first batch of concurrent submits after a start (or after
 * an edit) keeps every acknowledged answer. Concurrent submits that each found the form's
 * definition cold loaded it each for themselves, and one batch wrote their answers with the
 * fields of one of them: the others' values were looked up by another record's field objects
 * and stored as null, while each was acknowledged 201. Also: a refused member of a batch never
 * gets a 201, and a member whose row fails the statement costs its siblings nothing.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { defaultProject } from "../../seed/seed";
import { BACKENDS, multipart } from "../../test/backends";
import { importForm } from "../definition-import";
import type { FormRecord } from "../form-record";
import { loadPublishedForm } from "../preload";
import type { PostedEntries } from "./read-answers";
import type { SubmitOutcome } from "./batch-write";
import { readSubmit } from "./submit";
import { submitInBatch } from "./submit-queue";

type Entries = Record<string, string>;
interface Stored { id: string; full_name: string | null; email: string | null; age: string | null }

describe.each(BACKENDS)("the first batch of submits on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A fresh app (cold body parsers) and a new published form (its definition not cached yet). */
  const freshForm = async (settings: Record<string, unknown> = {}) => {
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
    const { id } = await importForm(database.db, await defaultProject(database.db), {
      title: "Never lost", settings: { published: true, ...settings },
      fields: [
        { name: "full_name", type: "text", required: true },
        { name: "email", type: "email" },
        { name: "age", type: "number" },
      ],
      blocks: ["full_name", "email", "age"].map((field) => ({ type: "field", field })),
    });
    return id;
  };
  const urlencoded = (id: string, entries: Entries) => app!.inject({
    method: "POST", url: `/submit/${id}`, payload: new URLSearchParams(entries).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
  });
  const formData = (id: string, entries: Entries) => {
    const body = multipart(entries);
    return app!.inject({ method: "POST", url: `/submit/${id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
  };
  const rows = async (id: string) => {
    const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", id).executeTakeFirstOrThrow();
    const { rows } = await sql<Stored>`
      select id::text, full_name, email, age::text from form_data.${sql.id(table_name)}`.execute(database.db);
    return { table_name, byId: new Map(rows.map((r) => [r.id, r])) };
  };
  const answer = (n: number): Entries => ({ full_name: `Person ${n}`, email: `person${n}@example.com`, age: String(20 + n) });
  /** Half urlencoded, half multipart, all at once. */
  const rush = (id: string, count: number) =>
    Promise.all(Array.from({ length: count }, (_, n) => (n % 2 ? formData : urlencoded)(id, answer(n))));

  it.skipIf(!backend.available)("16 concurrent submits right after a start: every acknowledged row holds exactly its answers", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await freshForm();
      const answers = await rush(id, 16);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(201));
      const { byId } = await rows(id);
      expect(byId.size).toBe(16);
      answers.forEach((a, n) => {
        expect(byId.get(a.json().data.id)).toEqual({ id: a.json().data.id, full_name: `Person ${n}`, email: `person${n}@example.com`, age: String(20 + n) });
      });
      await app!.close();
      app = undefined;
    }
  });

  it.skipIf(!backend.available)("a first batch over a total limit: only the accepted get 201, each with its own answers; the refused leave no row", async () => {
    const id = await freshForm({ max_form_responses_in_total: 10 });
    const answers = await rush(id, 16);
    const accepted = answers.flatMap((a, n) => (a.statusCode === 201 ? [{ id: a.json().data.id as string, n }] : []));
    expect(accepted).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.statusCode !== 201).map((a) => `${a.statusCode} ${a.json().error.code}`)))
      .toEqual(new Set(["403 FORM_RESPONSE_LIMIT_REACHED"]));
    const { byId } = await rows(id);
    expect([...byId.keys()].sort()).toEqual(accepted.map((a) => a.id).sort());
    for (const { id: rowId, n } of accepted) expect(byId.get(rowId)?.full_name).toBe(`Person ${n}`);
  });

  it.skipIf(!backend.available)("a member whose row the database refuses fails alone: its siblings keep their answers and their 201", async () => {
    const id = await freshForm();
    const { table_name } = await rows(id);
    // A constraint the answers cannot know of: the batch statement fails, each member is then written alone.
    await sql`alter table form_data.${sql.id(table_name)} add constraint no_mallory check (full_name <> 'Person 5')`.execute(database.db);
    const answers = await rush(id, 12);
    expect(answers[5]!.statusCode).not.toBe(201);
    expect(answers[5]!.statusCode).toBeGreaterThanOrEqual(400);
    const { byId } = await rows(id);
    expect(byId.size).toBe(11);
    answers.forEach((a, n) => {
      if (n === 5) return;
      expect(a.statusCode).toBe(201);
      expect(byId.get(a.json().data.id)?.full_name).toBe(`Person ${n}`);
    });
  });

  /** The answers of person `n`, read against `record` as the submit route reads them. */
  const pending = (record: FormRecord, n: number) => readSubmit(
    record, new Map(Object.entries(answer(n)).map(([name, value]): [string, string[]] => [name, [value]])) as PostedEntries,
    { meta: { user_agent: null, referer: null, ip: null } }, new Date(),
  );
  /** Person 0 goes at once; persons 1.. arrive while it is written and go together as one batch. */
  const inOneBatch = (records: FormRecord[]) =>
    Promise.allSettled(records.map((record, n) => submitInBatch(database.db, record, pending(record, n))));
  const expectStored = async (id: string, outcomes: PromiseSettledResult<SubmitOutcome>[], failing: number[] = []) => {
    const { byId } = await rows(id);
    expect(byId.size).toBe(outcomes.length - failing.length);
    outcomes.forEach((settled, n) => {
      if (failing.includes(n)) return expect(settled.status).toBe("rejected");
      expect(settled.status === "fulfilled" && settled.value.kind).toBe("inserted");
      const row = settled.status === "fulfilled" && settled.value.kind === "inserted" ? settled.value.row : undefined;
      expect(byId.get(row?.id ?? "")).toEqual({ id: row?.id, full_name: `Person ${n}`, email: `person${n}@example.com`, age: String(20 + n) });
    });
  };

  it.skipIf(!backend.available)("members read against two loads of the same revision share a batch and keep their answers", async () => {
    const id = await freshForm();
    const first = await loadPublishedForm(database.db, id);
    // What a second request loads while the cache is cold: the same revision, other field objects.
    const second: FormRecord = { ...first, fields: first.fields.map((field) => ({ ...field })) };
    await expectStored(id, await inOneBatch([first, first, second, first, second]));
  });

  it.skipIf(!backend.available)("a batch whose statement fails: the member at fault fails alone, every sibling is written", async () => {
    const id = await freshForm();
    const { table_name } = await rows(id);
    await sql`alter table form_data.${sql.id(table_name)} add constraint no_mallory check (full_name <> 'Person 2')`.execute(database.db);
    const record = await loadPublishedForm(database.db, id);
    await expectStored(id, await inOneBatch(Array(6).fill(record)), [2]);
  });

  it.skipIf(!backend.available)("requests that find the definition cold at once share one load of it", async () => {
    const id = await freshForm();
    const records = await Promise.all(Array.from({ length: 8 }, () => loadPublishedForm(database.db, id)));
    for (const record of records) expect(record.fields).toBe(records[0]!.fields);
  });
});
