/**
 * bench:grid-external's "owner's own database": a scratch database on BENCH_DATABASE_URL's
 * server holding `public.people`, bench:grid's 20 columns as an owner would type them (an
 * enum for the plan, a `bigint` primary key `id` in insertion order, a stored `tsvector` of
 * name and bio), filled with the same deterministic rows as the form table (grid-data.ts).
 *
 * Fieldwork builds no index on a connected database, so the table gets, after the load, the
 * indexes bench:grid's form table has once its first reads built theirs: a btree on
 * (column, id) for the filtered and sorted columns, a trigram GIN on `name`, GIN on `tags`
 * and on the search vector. Then `VACUUM ANALYZE`.
 */
import pg from "pg";
import { createRowHash, insertRows, ROWS } from "./grid-data";

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<time>` on the admin URL's server; `drop()` removes it whatever state it is in. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(), name,
    async drop() {
      if (dropped) return;
      dropped = true;
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

const PEOPLE = `
  create extension if not exists pg_trgm;
  create type plan_kind as enum ('free', 'starter', 'team', 'business', 'enterprise');
  create table people (
    id bigint primary key,
    created_at timestamptz not null default now(),
    name text not null,
    city text,
    email text,
    phone text,
    bio text,
    age integer,
    score numeric,
    amount numeric,
    quantity integer,
    born date,
    joined date,
    seen_at timestamptz,
    last_login timestamptz,
    wakes time,
    vip boolean,
    active boolean,
    plan plan_kind,
    tags text[],
    country text,
    website text,
    search tsvector generated always as (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(bio, ''))) stored
  )`;

const INDEXES = [
  ...["age", "born", "vip", "email", "amount", "score", "quantity"].map((c) => `create index on people (${c}, id)`),
  "create index on people using gin (name gin_trgm_ops)",
  "create index on people using gin (tags)",
  "create index on people using gin (search)",
];

/** Creates and fills `people`; answers the seconds the insert, the index builds and VACUUM ANALYZE took. */
export async function loadPeople(url: string): Promise<{ insert: number; indexes: number; vacuum: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set work_mem = '256MB'; set maintenance_work_mem = '512MB'; set synchronous_commit = off");
    await client.query(PEOPLE);
    await createRowHash(client);
    const started = performance.now();
    const batch = 250_000;
    for (let from = 1; from <= ROWS; from += batch) {
      await insertRows(client, "people", from, Math.min(ROWS, from + batch - 1), {
        rename: { local_index: "id", utc_offset: null }, casts: { plan: "plan_kind" },
      });
      process.stdout.write(`  ${Math.min(ROWS, from + batch - 1).toLocaleString("en")} rows\r`);
    }
    const insert = (performance.now() - started) / 1000;
    const indexStarted = performance.now();
    for (const statement of INDEXES) await client.query(statement);
    const indexes = (performance.now() - indexStarted) / 1000;
    const vacuumStarted = performance.now();
    await client.query("vacuum analyze people");
    return { insert, indexes, vacuum: (performance.now() - vacuumStarted) / 1000 };
  } finally {
    await client.end();
  }
}

/** Five emails of the table and one that is in no row (shape d's values). */
export async function sampleEmails(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ email: string }>(
    "select email from people where id = any($1::bigint[]) and email is not null order by id",
    [[1, 2, 3, 4, 5, 6, 7].map((k) => Math.ceil((k * ROWS) / 8))]);
  return [...rows.slice(0, 5).map((r) => r.email), "nobody.here@example.com"];
}

/** Every column of `people` as `t."name"`, in table order: `select=*` of the Data API. */
export async function peopleColumns(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ name: string }>(
    "select attname as name from pg_attribute where attrelid = 'people'::regclass and attnum > 0 and not attisdropped order by attnum");
  return rows.map((r) => `t."${r.name}"`).join(", ");
}
