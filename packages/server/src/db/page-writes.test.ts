import { describe, expect, it } from "vitest";
import { mayChangePages, PageWrites } from "./page-writes";

describe("mayChangePages", () => {
  it("counts writes to a form, its definition, its stock and its rows", () => {
    for (const sql of [
      `update "form" set "is_force_closed" = $1 where "id" = $2`,
      `insert into "form_field_option" ("id") values ($1)`,
      `delete from "form_data"."people_3f2a9c1d" where id = $1`,
      `with moved as (update inventory_level set available = available - 1 returning 1) select count(*) from moved`,
      `alter table "form_data"."people_3f2a9c1d" add column "x" text`,
    ]) expect(mayChangePages(sql), sql).toBe(true);
  });

  it("leaves reads and writes elsewhere alone", () => {
    for (const sql of [
      `select * from "form" where "id" = $1`,
      `explain (format json) select 1 from "form_data"."people_3f2a9c1d" as t`,
      `insert into rate_limit_hit (key, window_start, hits) values ($1, now(), 1)`,
      `update "response_session" set "raw" = $1 where "form_id" = $2`,
      `begin`, `commit`,
    ]) expect(mayChangePages(sql), sql).toBe(false);
  });

  it("moves the count only for statements that may change pages", () => {
    const writes = new PageWrites();
    writes.note(`select 1 from "form"`);
    expect(writes.count).toBe(0);
    writes.note(`update "form" set "title" = $1`);
    expect(writes.count).toBe(1);
  });
});
