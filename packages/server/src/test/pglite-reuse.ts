/**
 * PGlite databases for the integration tests, reused by the files that a Vitest worker runs
 * one after the other (`isolate: false`). Opening a PGlite from the template's dump costs
 * ~1.4 s and ~2 CPU-s (a worker thread, PGlite's start, untarring 42 MB), and a run opened
 * about a hundred. A file's `close()` hands its PGlite back instead, and it is reset to the
 * template:
 *
 *   - session state discarded (settings, temporary tables, LISTENs, advisory locks);
 *   - everything the file made dropped: schemas, tables, views, sequences, functions, types,
 *     roles, event triggers, publications;
 *   - the template's tables whose rows changed emptied and their template rows put back;
 *     every sequence set back.
 *
 * Then its fingerprint (catalog and rows, by name: `CATALOG` and `ROWS`) is compared with the
 * template's. A PGlite that differs in anything, or whose worker died, is closed and the next
 * file gets a fresh one: no file sees what another made.
 */
import { PGliteClient } from "../db/pglite-client";
import { databaseOverPGlite, type Database } from "../db/database";

/** Namespaces of the database's own objects (not the catalogs, TOAST or temporary ones). */
const USER_NAMESPACE = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp_|toast_temp_)'`;

/** Not a member of an extension (pg_trgm's functions live in public). */
const NOT_EXTENSION_MEMBER = (oid: string) => `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;

/**
 * One line per object and setting that a next file could notice, by name, never by OID. A
 * privilege list reads as its default when unset: a grant revoked again leaves the default
 * written out.
 */
const CATALOG = `
select line from (
  select 'namespace ' || n.nspname || ' ' || pg_get_userbyid(n.nspowner) || ' ' || coalesce(n.nspacl, acldefault('n', n.nspowner))::text as line
    from pg_namespace n where ${USER_NAMESPACE}
  union all
  select 'class ' || c.oid::regclass || ' ' || c.relkind::text || c.relpersistence::text || ' ' || coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", c.relowner))::text || ' '
      || coalesce(c.reloptions::text, '') || ' ' || c.relrowsecurity::text || c.relforcerowsecurity::text || ' ' || pg_get_userbyid(c.relowner)
      || ' ' || coalesce(obj_description(c.oid, 'pg_class'), '')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}
  union all
  select 'column ' || c.oid::regclass || '.' || a.attname || ' ' || a.attnum || ' ' || format_type(a.atttypid, a.atttypmod) || ' '
      || a.attnotnull::text || a.attisdropped::text || ' ' || a.attidentity::text || a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      || ' ' || coalesce(nullif(a.attacl, '{}')::text, '') || ' ' || coalesce(col_description(c.oid, a.attnum), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and ${USER_NAMESPACE}
  union all
  select 'constraint ' || coalesce(c.conrelid::regclass::text, c.contypid::regtype::text) || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${USER_NAMESPACE}
  union all
  select 'index ' || pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}
  union all
  select 'trigger ' || t.tgrelid::regclass || ' ' || t.tgname || ' ' || t.tgenabled::text || ' ' || pg_get_triggerdef(t.oid)
    from pg_trigger t where not t.tgisinternal
  union all
  select 'function ' || p.oid::regprocedure || ' ' || md5(coalesce(p.prosrc, '')) || ' ' || coalesce(p.proconfig::text, '') || ' '
      || coalesce(p.proacl, acldefault('f', p.proowner))::text || ' ' || pg_get_userbyid(p.proowner)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_NAMESPACE}
  union all
  select 'type ' || t.oid::regtype || ' ' || t.typtype::text || ' ' || coalesce(t.typacl, acldefault('T', t.typowner))::text
    from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_NAMESPACE}
  union all
  select 'policy ' || p.polrelid::regclass || ' ' || p.polname || ' ' || p.polcmd::text || p.polpermissive::text || ' ' || p.polroles::text || ' '
      || coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '')
    from pg_policy p
  union all
  select 'role ' || r.rolname || ' ' || concat_ws(',', r.rolsuper, r.rolinherit, r.rolcreaterole, r.rolcreatedb, r.rolcanlogin, r.rolreplication, r.rolbypassrls) || ' ' || coalesce(r.rolconfig::text, '')
    from pg_roles r
  union all
  select 'member ' || m.roleid::regrole || ' ' || m.member::regrole from pg_auth_members m
  union all
  select 'setting ' || s.setdatabase::text || ' ' || s.setrole::text || ' ' || s.setconfig::text from pg_db_role_setting s
  union all
  select 'default acl ' || a.defaclrole::regrole || ' ' || a.defaclnamespace::regnamespace::text || ' ' || a.defaclobjtype::text || ' ' || a.defaclacl::text
    from pg_default_acl a
  union all
  select 'extension ' || e.extname || ' ' || e.extversion from pg_extension e
  union all
  select 'event trigger ' || e.evtname || ' ' || e.evtenabled::text from pg_event_trigger e
  union all
  select 'publication ' || p.pubname from pg_publication p
  union all
  select 'large objects ' || count(*) from pg_largeobject_metadata
  union all
  select 'sequence ' || s.schemaname || '.' || s.sequencename || ' ' || coalesce(s.last_value::text, 'unused') from pg_sequences s
) lines order by line`;

/** One row per table: its name as SQL takes it, and a line with its row count and a digest of its rows. */
const ROWS = `
select name, 'rows ' || name || ' ' || (xpath('/row/h/text()', query_to_xml(format(
    'select count(*) || '' '' || md5(coalesce(string_agg(t::text, E''\\n'' order by t::text), '''')) as h from %s t', name
  ), false, true, '')))[1]::text as line
from (
  select c.oid::regclass::text as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and ${USER_NAMESPACE}
) tables order by line`;

interface TableRows { name: string; line: string }

/** What the file may have made, each with the statement that drops it, in the order to drop. */
const OBJECTS = `
select key, statement from (
  select 1 as step, 'event trigger ' || evtname as key, format('drop event trigger if exists %I cascade', evtname) as statement
    from pg_event_trigger
  union all
  select 2, 'publication ' || pubname, format('drop publication if exists %I cascade', pubname) from pg_publication
  union all
  select 3, 'namespace ' || n.nspname, format('drop schema if exists %I cascade', n.nspname) from pg_namespace n where ${USER_NAMESPACE}
  union all
  select 4, 'class ' || c.oid::regclass, format('drop %s if exists %s cascade',
      case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
      c.oid::regclass)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${USER_NAMESPACE} and ${NOT_EXTENSION_MEMBER("c.oid")}
  union all
  select 5, 'function ' || p.oid::regprocedure, format('drop %s if exists %s cascade',
      case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end, p.oid::regprocedure)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_NAMESPACE} and ${NOT_EXTENSION_MEMBER("p.oid")}
  union all
  select 6, 'type ' || t.oid::regtype, format('drop type if exists %s cascade', t.oid::regtype)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where t.typtype in ('e', 'd', 'r', 'm') and ${USER_NAMESPACE} and ${NOT_EXTENSION_MEMBER("t.oid")}
  union all
  select 7, 'role ' || rolname, format('drop owned by %I cascade', rolname) from pg_roles where rolname !~ '^pg_' and rolname <> current_user
  union all
  select 8, 'role ' || rolname, format('drop role if exists %I', rolname) from pg_roles where rolname !~ '^pg_' and rolname <> current_user
) objects order by step`;

interface Template {
  /** `fingerprint()`: CATALOG's and ROWS' lines. */
  lines: string[];
  /** ROWS: each table's line, to tell which ones a file changed. */
  rows: TableRows[];
  /** OBJECTS' keys: what the template has and a reset keeps. */
  keys: Set<string>;
  /** Tables with rows in the template, each with the statement that puts its rows back. */
  tables: { name: string; refill: string }[];
  /** Sets every sequence back. */
  sequences: string | undefined;
}

let template: Promise<Template> | undefined;
const idle: PGliteClient[] = [];
const counts = { opened: 0, reused: 0, discarded: 0 };

/** This process's PGlites: opened from the dump, handed out again, and closed after a reset that failed or differed. */
export function reuseCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/** More idle PGlites than a file opens at once would only hold memory (~0.3 GB each). */
const MAX_IDLE = 2;

/** A PGlite database with the template's contents: a reset one of this process's, or a new one from `dump`. */
export async function openReusedPGlite(dump: Blob): Promise<Database> {
  let client = idle.pop();
  while (client?.dead) client = idle.pop();
  if (client) counts.reused++;
  else {
    counts.opened++;
    client = await PGliteClient.start({ dataDir: undefined, loadDataDir: new Uint8Array(await dump.arrayBuffer()) });
    template ??= readTemplate(client).catch((error: unknown) => {
      template = undefined;
      throw error;
    });
    await template;
  }
  const open = client;
  return databaseOverPGlite(open, () => release(open));
}

async function release(client: PGliteClient): Promise<void> {
  if (!client.dead && template) {
    try {
      const wanted = await template;
      await reset(client, wanted);
      const difference = firstDifference(await fingerprint(client), wanted.lines);
      if (difference === undefined && idle.length < MAX_IDLE) {
        idle.push(client);
        return;
      }
      if (difference !== undefined) {
        counts.discarded++;
        console.warn(`[pglite-reuse] not reused, it differs from the template: ${difference}`);
      }
    } catch (error) {
      counts.discarded++;
      console.warn(`[pglite-reuse] not reused, its reset failed: ${(error as Error).message}`);
    }
  }
  await client.close();
}

/** CATALOG's lines and ROWS' lines. */
async function fingerprint(client: PGliteClient, rows?: TableRows[]): Promise<string[]> {
  const catalog = (await client.query<{ line: string }>(CATALOG)).rows.map((row) => row.line);
  return [...catalog, ...(rows ?? await tableRows(client)).map((table) => table.line)];
}

async function tableRows(client: PGliteClient): Promise<TableRows[]> {
  return (await client.query<TableRows>(ROWS)).rows;
}

async function readTemplate(client: PGliteClient): Promise<Template> {
  const rows = await tableRows(client);
  const lines = await fingerprint(client, rows);
  const keys = new Set((await client.query<{ key: string }>(OBJECTS)).rows.map((row) => row.key));
  const tables: Template["tables"] = [];
  for (const { name } of rows.filter((table) => !table.line.endsWith(` 0 ${EMPTY_MD5}`))) {
    const { rows: found } = await client.query<{ rows: string; columns: string }>(
      `select (select coalesce(jsonb_agg(t), '[]')::text from ${name} t) as rows,
              (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
                where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '') as columns`,
      [name],
    );
    const { rows: saved, columns } = found[0]!;
    tables.push({
      name,
      refill: `insert into ${name} (${columns}) overriding system value select ${columns} from jsonb_populate_recordset(null::${name}, ${quoteLiteral(saved)})`,
    });
  }
  const { rows: sequences } = await client.query<{ statement: string }>(
    `select format('setval(%L, %s, %s)', quote_ident(schemaname) || '.' || quote_ident(sequencename),
       coalesce(last_value, start_value), case when last_value is null then 'false' else 'true' end) as statement from pg_sequences`,
  );
  return { lines, rows, keys, tables, sequences: sequences.length ? `select ${sequences.map((s) => s.statement).join(", ")}` : undefined };
}

/** md5 of the empty string: the `rows` line of an empty table ends with `0 <this>`. */
const EMPTY_MD5 = "d41d8cd98f00b204e9800998ecf8427e";

async function reset(client: PGliteClient, wanted: Template): Promise<void> {
  await client.unlistenAll();
  await client.query("rollback").catch(() => undefined);
  await client.query("discard all");
  await client.query("begin");
  try {
    const { rows: objects } = await client.query<{ key: string; statement: string }>(OBJECTS);
    for (const object of objects) if (!wanted.keys.has(object.key)) await client.query(object.statement);
    const now = new Set((await tableRows(client)).map((table) => table.line));
    const changed = wanted.rows.filter((table) => !now.has(table.line)).map((table) => table.name);
    if (changed.length) {
      await client.query(`truncate ${changed.join(", ")} restart identity cascade`);
      // Foreign keys and the tables' own triggers stay off while the template's rows go back.
      await client.query("set local session_replication_role = replica");
      for (const table of wanted.tables) {
        const { rows } = await client.query<{ empty: boolean }>(`select not exists (select 1 from ${table.name}) as empty`);
        if (rows[0]?.empty) await client.query(table.refill);
      }
    }
    if (wanted.sequences) await client.query(wanted.sequences);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
}

function firstDifference(lines: string[], wanted: string[]): string | undefined {
  const have = new Set(lines);
  const want = new Set(wanted);
  const missing = wanted.find((line) => !have.has(line));
  if (missing !== undefined) return `missing: ${missing.slice(0, 300)}`;
  const extra = lines.find((line) => !want.has(line));
  return extra === undefined ? undefined : `extra: ${extra.slice(0, 300)}`;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
