/**
 * Issue 19 item 20: the total limit counts the responses a form holds. Deleting rows (the
 * Data API, which the grid uses too) lowers `form.response_count` in the same transaction, so
 * a deleted response frees its place; `local_index` keeps counting up and is never reused.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as } from "../../test/accounts";
import { BACKENDS, multipart } from "../../test/backends";
import { openDataApiFixture, type DataApiFixture } from "../../test/data-api";

describe.each(BACKENDS)("the total limit after deletes on $name", (backend) => {
  let f: DataApiFixture;

  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `limit-deletes-${backend.name}`);
  });
  afterAll(async () => {
    await f?.close();
  });

  const editor = (method: "GET" | "POST", path: string, body?: unknown) => as(f.app, f.owner)(method, `/private/editor${path}`, body);
  const submit = (name: string) => {
    const body = multipart({ name });
    return f.app.inject({ method: "POST", url: `/submit/${f.form_id}`, payload: body.payload, headers: { ...body.headers, accept: "application/json" } });
  };
  const remove = (query: string) => f.app.inject({ method: "DELETE", url: `/rest/v1/${f.table}?${query}`, headers: { authorization: `Bearer ${f.keys.editor}` } });
  const counters = () => f.database.db.selectFrom("form").select(["response_count", "last_local_index"]).where("id", "=", f.form_id).executeTakeFirstOrThrow();

  it.skipIf(!backend.available)("frees a place for each deleted row, numbers on without reuse, and shows the count to the editor", async () => {
    const revision = (await editor("GET", `/forms/${f.form_id}`)).json().data.revision as number;
    const limited = await editor("POST", "/settings/max-responses-in-total", { form_id: f.form_id, revision, max_form_responses_in_total: 2 });
    expect(limited.statusCode).toBe(200);

    expect((await submit("Ada")).json().data.local_index).toBe(1);
    expect((await submit("Grace")).json().data.local_index).toBe(2);
    expect((await submit("Hedy")).json().error.code).toBe("FORM_RESPONSE_LIMIT_REACHED");
    expect((await f.app.inject({ method: "GET", url: `/v1/${f.form_id}` })).json().data.error.code).toBe("FORM_RESPONSE_LIMIT_REACHED");

    // The owner deletes the last row: one place is free again, its number is not given again.
    expect((await remove("name=eq.Grace")).statusCode).toBe(204);
    expect(await counters()).toEqual({ response_count: 1, last_local_index: 2 });
    expect((await f.app.inject({ method: "GET", url: `/v1/${f.form_id}` })).json().data.error).toBeNull();
    expect((await submit("Hedy")).json().data.local_index).toBe(3);
    expect((await submit("Katherine")).json().error.code).toBe("FORM_RESPONSE_LIMIT_REACHED");

    // Deleting every row empties the count; the editor's document says what the limit counts.
    expect((await remove("name=not.is.null")).statusCode).toBe(204);
    expect(await counters()).toEqual({ response_count: 0, last_local_index: 3 });
    expect((await submit("Mary")).json().data.local_index).toBe(4);
    expect((await submit("Ada")).json().data.local_index).toBe(5);
    expect((await submit("Grace")).json().error.code).toBe("FORM_RESPONSE_LIMIT_REACHED");
    expect((await editor("GET", `/forms/${f.form_id}`)).json().data.response_count).toBe(2);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`form_data.${f.table}`)}`.execute(f.database.db);
    expect(rows[0]!.n).toBe(2);
  });

  it.skipIf(!backend.available)("counts rows the Data API inserts and deletes by hand alike", async () => {
    const insert = await f.app.inject({
      method: "POST", url: `/rest/v1/${f.table}`, payload: JSON.stringify([{ name: "Dee" }, { name: "Eve" }]),
      headers: { authorization: `Bearer ${f.keys.editor}`, "content-type": "application/json" },
    });
    expect(insert.statusCode).toBe(201);
    expect(await counters()).toEqual({ response_count: 4, last_local_index: 7 });
    await sql`delete from ${sql.table(`form_data.${f.table}`)} where name = 'Dee'`.execute(f.database.db);
    expect(await counters()).toEqual({ response_count: 3, last_local_index: 7 });
  });
});
