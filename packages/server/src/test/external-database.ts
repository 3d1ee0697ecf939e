/**
 * A database standing in for an owner's own (issue 24): tables with an enum, a foreign key,
 * arrays, json and defaults; a table without a primary key; a custom schema; `auth.users` as
 * Supabase has it; names that are reserved words, carry quotes, dots and unicode; and a role
 * that may only read. Dropped with its roles afterwards.
 *
 * Where it lives (`externalBackend`): a database the test creates on the PostgreSQL server at
 * TEST_DATABASE_URL; without that server, PGlite in this process served over the wire
 * protocol (`@electric-sql/pglite-socket` on a loopback port), except under CI=true where
 * PostgreSQL is required (backends.ts fails the run). TEST_EXTERNAL_DATABASE=pglite-socket
 * forces the socket server. It speaks the protocol but not PostgreSQL's server side: it takes
 * any user, password and database name (every session is the superuser on its one
 * database), ignores startup settings such as `statement_timeout`, and cannot cancel a
 * statement; `externalIsPostgres` gates the tests that need those (docs/databases.md "Tests").
 */
import pg from "pg";
import { TEST_DATABASE_URL } from "./backends";
import { adminQuery, databaseUrl, postgresReachable, tablespaceClause, uniqueDatabaseName } from "./database-templates";

export const EXTERNAL_PASSWORD = "Zq8-not-a-real-pw-XTRNL";

export interface ExternalDatabase {
  /** The owner's URL (superuser, with a password in it that must never be shown). */
  url: string;
  /** A role with SELECT only. */
  readOnlyUrl: string;
  /** Runs SQL as the owner. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export type ExternalBackend = "postgres" | "pglite-socket";

async function chooseBackend(): Promise<ExternalBackend | null> {
  if (process.env.TEST_EXTERNAL_DATABASE === "pglite-socket") return "pglite-socket";
  if (await postgresReachable(TEST_DATABASE_URL)) return "postgres";
  return process.env.CI === "true" ? null : "pglite-socket";
}

export const externalBackend = await chooseBackend();
export const externalAvailable = externalBackend !== null;
/** Roles, passwords, database names and statement timeouts are PostgreSQL's own: not the socket server's. */
export const externalIsPostgres = externalBackend === "postgres";

const SETUP = (reader: string) => `
  create type mood as enum ('happy', 'sad', 'it''s "complicated"');
  create table authors (id serial primary key, name text not null unique);
  create table books (
    id serial primary key,
    title text not null,
    author_id integer references authors(id),
    mood mood,
    tags text[] not null default '{}',
    price numeric(10,2) not null default 0,
    published date,
    meta jsonb,
    isbn varchar(20),
    created_at timestamptz not null default now()
  );
  create table notes (id serial primary key, body text, at timestamptz default now());
  create table log_lines (line text, at timestamptz default now());
  create table "select" ("ID" integer primary key, "we""ird.col" text, "ünï cödé" text);
  create type "Wé""ird" as enum ('a', 'b');
  create table "dots.and""quotes" (id integer primary key, kind "Wé""ird");
  create table locked (id integer primary key, note text);
  create schema "custom";
  create table custom.items (id uuid primary key default gen_random_uuid(), label text not null);
  create schema auth;
  create table auth.users (id uuid primary key, email text, encrypted_password text, created_at timestamptz not null);
  insert into auth.users select gen_random_uuid(), 'user' || n || '@example.com', 'hash' || n, now() - n * interval '1 day' from generate_series(1, 7) n;
  insert into authors (name) values ('Le Guin'), ('Borges'), ('Ōe');
  insert into books (title, author_id, mood, tags, price, published, meta, isbn)
    select 'Book ' || n, 1 + n % 3, (array['happy','sad',null])[1 + n % 3]::mood, array['t' || (n % 4)], n * 1.5, date '2020-01-01' + n,
      jsonb_build_object('n', n), case when n % 5 = 0 then null else 'isbn-' || n end
    from generate_series(1, 60) n;
  insert into log_lines (line) values ('first'), ('second');
  insert into "select" values (1, 'x', 'y');
  insert into locked values (1, 'keep');
  insert into custom.items (label) values ('widget');
  grant connect on database current_database_placeholder to ${reader};
  grant usage on schema public, custom, auth to ${reader};
  grant select on all tables in schema public, custom, auth to ${reader};
`;

export async function createExternalDatabase(): Promise<ExternalDatabase> {
  if (externalBackend === "pglite-socket") return createSocketDatabase();
  const name = uniqueDatabaseName("fw_external");
  const reader = `${name}_reader`;
  await adminQuery(TEST_DATABASE_URL, `create database "${name}"${tablespaceClause()}`);
  await adminQuery(TEST_DATABASE_URL, `create role "${reader}" login password 'reader-pw-123'`);
  const admin = databaseUrl(TEST_DATABASE_URL, name);
  await adminQuery(admin, SETUP(`"${reader}"`).replace("current_database_placeholder", `"${name}"`));
  return {
    url: withUser(admin, new URL(admin).username || "postgres", EXTERNAL_PASSWORD),
    readOnlyUrl: withUser(admin, reader, "reader-pw-123"),
    query: (text, values) => queryAt(admin, text, values),
    async drop() {
      await adminQuery(TEST_DATABASE_URL, `drop database if exists "${name}" with (force)`);
      await adminQuery(TEST_DATABASE_URL, `drop role if exists "${reader}"`);
    },
  };
}

const withUser = (url: string, user: string, password: string) => {
  const next = new URL(url);
  next.username = user;
  next.password = password;
  return next.toString();
};

async function queryAt<T extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The same database in PGlite, served on a loopback port for the app's pools to reach by URL. */
async function createSocketDatabase(): Promise<ExternalDatabase> {
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite-socket")]);
  const db = await PGlite.create();
  await db.exec(SETUP("reader").replace("current_database_placeholder", "postgres").replace("grant connect", "create role reader login password 'reader-pw-123';\n  grant connect"));
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 64 });
  await server.start();
  // The server answers for its one database whatever the name; the URL names it as on PostgreSQL.
  const admin = `postgres://postgres@${server.getServerConn()}/${uniqueDatabaseName("fw_external")}`;
  return {
    url: withUser(admin, "postgres", EXTERNAL_PASSWORD),
    // The socket server makes every session the superuser: this URL is not read only there.
    readOnlyUrl: withUser(admin, "reader", "reader-pw-123"),
    query: (text, values) => queryAt(admin, text, values),
    async drop() {
      await server.stop();
      await db.close();
    },
  };
}
