/**
 * A ticket-drop rush against the real app on both backends: hundreds of submits at once,
 * and every rule stays exact (issue 11): the total limit, the per-customer limit by
 * fingerprint and by `customer_id`, one answer per session, gapless `local_index`.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/database";
import { importForm } from "../definition-import";
import { defaultProject } from "../../seed/seed";
import { BACKENDS, multipart } from "../../test/backends";

type Entries = Record<string, string | string[]>;

describe.each(BACKENDS)("a rush of submits on $name", (backend) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await backend.open();
    app = await buildApp({ db: database.db, rateLimitFactor: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const form = async (title: string, settings: Record<string, unknown>) =>
    (await importForm(database.db, await defaultProject(database.db), {
      title, settings: { published: true, ...settings }, fields: [{ name: "who", type: "text" }],
    })).id;
  const post = (id: string, entries: Entries, headers: Record<string, string> = {}) => {
    const body = multipart(entries);
    return app.inject({ method: "POST", url: `/submit/${id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json", ...headers } });
  };
  const rows = async (id: string) => {
    const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", id).executeTakeFirstOrThrow();
    const { rows } = await sql<{ local_index: number; who: string; customer_id: string | null }>`
      select local_index, who, customer_id::text from form_data.${sql.id(table_name)} order by local_index`.execute(database.db);
    return rows;
  };
  const session = async (id: string) => (await app.inject({ method: "GET", url: `/v1/${id}/session` })).json().data.id as string;

  it.skipIf(!backend.available)("200 submits at once to a form limited to 10 make exactly 10 rows, numbered 1 to 10", async () => {
    const id = await form("Drop", { max_form_responses_in_total: 10 });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => post(id, { who: `buyer ${n}` })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(new Set(refused.map((a) => `${a.statusCode} ${a.json().error.code}`))).toEqual(new Set(["403 FORM_RESPONSE_LIMIT_REACHED"]));
    const stored = await rows(id);
    expect(stored.map((r) => r.local_index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const accepted = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.local_index).sort((a, b) => a - b);
    expect(accepted).toEqual(stored.map((r) => r.local_index));
    const { response_count } = await database.db.selectFrom("form").select("response_count").where("id", "=", id).executeTakeFirstOrThrow();
    expect(response_count).toBe(10);
  });

  it.skipIf(!backend.available)("a per-customer limit of 1, hit in parallel by one fingerprint and by one customer_id, keeps one row each", async () => {
    const id = await form("Once each", { max_form_responses_by_customer: 1 });
    const named = crypto.randomUUID();
    const answers = await Promise.all([
      ...Array.from({ length: 25 }, (_, n) => post(id, { who: `fp ${n}`, __fw_fingerprintjs_visitorid: "visitor-one" })),
      ...Array.from({ length: 25 }, (_, n) => post(id, { who: `named ${n}`, __fw_customer_uuid: named })),
      // The same customer by cookie, from another device (another fingerprint).
      ...Array.from({ length: 10 }, (_, n) => post(id, { who: `cookie ${n}`, __fw_fingerprintjs_visitorid: `device-${n}` }, { cookie: `theme=dark; __fw_customer_uuid=${named}` })),
    ]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(new Set(refused.map((a) => a.json().error.code))).toEqual(new Set(["FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED"]));
    const stored = await rows(id);
    expect(stored).toHaveLength(2);
    expect(stored.map((r) => r.customer_id)).toContain(named);
    // The refusal names the customer for the alreadyresponded page.
    const again = await post(id, { who: "late", __fw_customer_uuid: named.toUpperCase() }, {});
    expect(again.json().error.details?.page_query ?? again.json().error.page_query).toMatchObject({ customer_id: named });
  });

  it.skipIf(!backend.available)("a session submits once: 30 parallel repeats give one row and the same answer", async () => {
    const id = await form("Double click", {});
    const sid = await session(id);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => post(id, { who: `click ${n}`, __fw_session: sid })));
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200 && a.json().data.duplicate === true)).toHaveLength(29);
    // A retry long after (a lost connection): still the first answer, nothing new written.
    const retry = await post(id, { who: "retry", __fw_session: sid });
    expect([retry.statusCode, retry.json().data.id, retry.json().data.duplicate]).toEqual([200, answers[0]!.json().data.id, true]);
    const stored = await rows(id);
    expect(stored).toHaveLength(1);
    const { submitted_at } = await database.db.selectFrom("response_session").select("submitted_at").where("id", "=", sid).executeTakeFirstOrThrow();
    expect(submitted_at).not.toBeNull();
  });

  it.skipIf(!backend.available)("a closed form refuses a whole rush, and numbers stay gapless when some submits in a batch are refused", async () => {
    const id = await form("Mixed", { max_form_responses_by_customer: 1 });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => post(id, { who: `m ${n}`, __fw_fingerprintjs_visitorid: `v-${n % 20}` })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
    expect((await rows(id)).map((r) => r.local_index)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    await sql`update form set is_force_closed = true where id = ${id}`.execute(database.db);
    const closed = await Promise.all(Array.from({ length: 20 }, (_, n) => post(id, { who: `c ${n}` })));
    expect(new Set(closed.map((a) => a.json().error?.code))).toEqual(new Set(["FORM_CLOSED_WHILE_RESPONDING"]));
    expect(await rows(id)).toHaveLength(20);
  });
});
