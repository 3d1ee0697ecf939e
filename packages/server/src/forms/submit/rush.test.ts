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
      title, settings: { published: true, ...settings }, fields: [{ name: "who", type: "text" }], blocks: [{ type: "field", field: "who" }],
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

  it.skipIf(!backend.available)("a customer_id in the link is remembered in a cookie and posted with the answers; the load knows it too", async () => {
    const id = await form("Linked", { max_form_responses_by_customer: 1 });
    const named = crypto.randomUUID();
    const page = await app.inject({ method: "GET", url: `/d/e/${id}?customer_id=${named}` });
    expect(page.headers["set-cookie"]).toContain(`__fw_customer_uuid=${named}; Path=/`);
    expect(page.body).toContain(`name="__fw_customer_uuid" value="${named}"`);
    expect((await app.inject({ method: "GET", url: `/d/e/${id}?customer_id=not-a-uuid` })).headers["set-cookie"]).toBeUndefined();
    expect((await post(id, { who: "first", __fw_customer_uuid: named })).statusCode).toBe(201);
    // The next visit, by cookie alone, goes to alreadyresponded with the customer named.
    const again = await app.inject({ method: "GET", url: `/d/e/${id}`, headers: { cookie: `__fw_customer_uuid=${named}` } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`/d/e/${id}/alreadyresponded?customer_id=${named}`);
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
    // The form closes; the retry of the answer already taken still gets it, a new one does not.
    await sql`update form set is_force_closed = true where id = ${id}`.execute(database.db);
    const late = await post(id, { who: "retry after closing", __fw_session: sid });
    expect([late.statusCode, late.json().data?.id]).toEqual([200, answers[0]!.json().data.id]);
    expect((await post(id, { who: "new", __fw_session: await session(id).catch(() => crypto.randomUUID()) })).json().error.code).toBe("FORM_CLOSED_WHILE_RESPONDING");
    const stored = await rows(id);
    expect(stored).toHaveLength(1);
    const { submitted_at } = await database.db.selectFrom("response_session").select("submitted_at").where("id", "=", sid).executeTakeFirstOrThrow();
    expect(submitted_at).not.toBeNull();
  });

  /** A form whose `ticket` radio has options `early` (10 units) and `late` (`late` units), tracked in a store. */
  const ticketForm = async (late: number) => {
    const id = (await importForm(database.db, await defaultProject(database.db), {
      title: "Tickets", settings: { published: true },
      fields: [{ name: "who", type: "text" }, { name: "ticket", type: "radio", required: true, options: [{ value: "early" }, { value: "late" }] }],
    })).id;
    const { rows: [store] } = await sql<{ id: string }>`insert into store (project_id, name) select project_id, 'Box office' from form where id = ${id} returning id`.execute(database.db);
    await sql`update form set store_id = ${store!.id}, revision = revision + 1 where id = ${id}`.execute(database.db);
    await sql`
      insert into inventory_item (store_id, sku, form_field_option_id)
      select ${store!.id}::uuid, left(o.id::text, 8), o.id from form_field_option o where o.form_id = ${id}`.execute(database.db);
    const { rows: levels } = await sql<{ value: string; level: string }>`
      with made as (
        insert into inventory_level (inventory_item_id, available, on_hand)
        select i.id, case o.value when 'early' then 10 else ${late}::int end, 10
        from inventory_item i join form_field_option o on o.id = i.form_field_option_id where o.form_id = ${id}
        returning id, inventory_item_id
      )
      select made.id::text as level, o.value from made join inventory_item i on i.id = made.inventory_item_id
      join form_field_option o on o.id = i.form_field_option_id`.execute(database.db);
    return { id, level: Object.fromEntries(levels.map((l) => [l.value, l.level])) as Record<"early" | "late", string> };
  };
  const stockOf = async (level: string) => {
    const { rows: [row] } = await sql<{ available: number; committed: number; orders: number; commits: number }>`
      select available, committed,
        (select coalesce(sum(diff), 0)::int from inventory_level_commit c where c.inventory_level_id = l.id and reason = 'order') as orders,
        (select count(*)::int from inventory_level_commit c where c.inventory_level_id = l.id and reason = 'order') as commits
      from inventory_level l where id = ${level}::uuid`.execute(database.db);
    return row!;
  };

  it.skipIf(!backend.available)("100 buyers at once of an option with 10 in stock: 10 rows, stock 0, commits summing to -10, the rest told it is unavailable", async () => {
    const { id, level } = await ticketForm(5);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => post(id, { who: `buyer ${n}`, ticket: "early" })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode !== 201);
    // "late" still has units: the form is not sold out, the chosen option is.
    expect(new Set(refused.map((a) => `${a.statusCode} ${a.json().error.code}`))).toEqual(new Set(["409 FORM_OPTION_UNAVAILABLE"]));
    expect(await rows(id)).toHaveLength(10);
    expect(await stockOf(level.early)).toEqual({ available: 0, committed: 10, orders: -10, commits: 10 });
    // Each order commit names the answer it was taken for.
    const { rows: linked } = await sql<{ n: number }>`
      select count(distinct c.response_id)::int as n from inventory_level_commit c where c.inventory_level_id = ${level.early}::uuid and c.reason = 'order'`.execute(database.db);
    expect(linked[0]!.n).toBe(10);
    // The last units of the other option go, then the form is sold out, and a refusal took nothing.
    const rest = await Promise.all(Array.from({ length: 12 }, (_, n) => post(id, { who: `late ${n}`, ticket: "late" })));
    expect(rest.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(new Set(rest.filter((a) => a.statusCode !== 201).map((a) => a.json().error.code))).toEqual(new Set(["FORM_SOLD_OUT"]));
    expect(await stockOf(level.late)).toMatchObject({ available: 0, committed: 5, orders: -5 });
    expect((await rows(id)).map((r) => r.local_index)).toEqual(Array.from({ length: 15 }, (_, n) => n + 1));
  });

  it.skipIf(!backend.available)("a submit refused for its limit takes no stock, and a repeat of a session takes none twice", async () => {
    const { id, level } = await ticketForm(10);
    await sql`update form set max_form_responses_in_total = 3 where id = ${id}`.execute(database.db);
    const sid = await session(id);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => post(id, { who: "same", ticket: "early", __fw_session: sid })),
      ...Array.from({ length: 20 }, (_, n) => post(id, { who: `other ${n}`, ticket: "early" })),
    ]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(await stockOf(level.early)).toMatchObject({ available: 7, committed: 3, orders: -3 });
  });

  it.skipIf(!backend.available)("a session of another form, or one that does not exist, is neither linked nor marked submitted", async () => {
    const id = await form("Mine", {});
    const other = await form("Theirs", {});
    const theirs = await session(other);
    const ghost = crypto.randomUUID();
    const answers = await Promise.all([post(id, { who: "a", __fw_session: theirs }), post(id, { who: "b", __fw_session: ghost }), post(id, { who: "c", __fw_session: ghost })]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", id).executeTakeFirstOrThrow();
    const { rows: linked } = await sql<{ n: number }>`select count(session_id)::int as n from form_data.${sql.id(table_name)}`.execute(database.db);
    expect(linked[0]!.n).toBe(0);
    const { submitted_at } = await database.db.selectFrom("response_session").select("submitted_at").where("id", "=", theirs).executeTakeFirstOrThrow();
    expect(submitted_at).toBeNull();
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
