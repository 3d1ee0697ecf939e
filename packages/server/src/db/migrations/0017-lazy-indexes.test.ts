/**
 * Migration 0017 on a table made with the old eager indexes: the trigram indexes of choice
 * columns go, the others stay, each recorded as used at the migration, so the unused-index
 * job leaves them for UNUSED_INDEX_DAYS and then reclaims the ones no read wanted.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isFieldType } from "@fieldwork/core";
import { BACKENDS } from "../../test/backends";
import { openDataApiFixture, PEOPLE_FORM, type DataApiFixture } from "../../test/data-api";
import { columnIndexes } from "../../tables/column-index";
import { createColumnIndexes } from "../../tables/table-indexes";
import { dropUnusedIndexes, UNUSED_INDEX_DAYS } from "../../tables/unused-indexes";
import { up } from "./0017-lazy-indexes";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)("migration 0017 (lazy indexes) on $name", (backend) => {
  let f: DataApiFixture;
  beforeAll(async () => {
    if (!backend.available) return;
    f = await openDataApiFixture(backend, `migration-0017-${backend.name}`);
  });
  afterAll(async () => f?.close());

  it.skipIf(!backend.available)("drops trigrams on choice columns, keeps the rest until unused", async () => {
    const { db } = f.database;
    const table = sql.table(`form_data.${f.table}`);
    // The table as the old rule made it: every kind, trigrams on the choice column too.
    for (const field of PEOPLE_FORM.fields) {
      if (isFieldType(field.type)) await createColumnIndexes(db, f.table, { name: field.name, type: field.type });
    }
    await sql`create index on ${table} using gin (plan gin_trgm_ops)`.execute(db);
    const kinds = async () => (await columnIndexes(db, f.table)).map((i) => `${i.column}:${i.kind}`).sort();
    expect(await kinds()).toContain("plan:trgm");
    await sql`drop table column_index_use`.execute(db);

    await up(db as unknown as Kysely<unknown>);
    const after = await kinds();
    expect(after).not.toContain("plan:trgm");
    expect(after).toEqual(expect.arrayContaining(["age:btree", "email:btree", "email:trgm", "name:trgm", "plan:btree", "tags:gin"]));
    expect(await dropUnusedIndexes(db)).toEqual([]);
    const reclaimed = await dropUnusedIndexes(db, { now: new Date(Date.now() + (UNUSED_INDEX_DAYS + 1) * DAY_MS) });
    expect(reclaimed).toHaveLength(after.length);
    expect(await kinds()).toEqual([]);
  });
});
