/**
 * External database connections of a project (issue 24 item 3; docs/databases.md): made,
 * listed, refreshed and removed; their secret sealed at rest (secret-box.ts) and opened only
 * to reach a pool (pools.ts). Access follows the project's roles: viewers read, editors
 * write; a connection of another project is CONNECTION_NOT_FOUND exactly like a missing one.
 */
import { randomUUID } from "node:crypto";
import { FieldworkError, roleAtLeast, type ConnectionCreate, type ConnectionView, type Role } from "@fieldwork/core";
import { sql, type Kysely } from "kysely";
import { roleInProject, type Caller } from "../auth/access";
import type { DB } from "../db/schema";
import { isUuid } from "../forms/form-record";
import { connectionErrorOf, secretsOf, type Secrets } from "./connection-errors";
import { readConnection, type ConnectionSecret } from "./connection-url";
import { snapshotTable } from "./external-catalog";
import { introspect, type Snapshot, type SnapshotTable } from "./introspect";
import type { ExternalPools } from "./pools";
import { open, seal, type ConnectionKey } from "./secret-box";

export interface ConnectionRow {
  id: string; project_id: string; kind: "postgres" | "supabase"; secret: string;
  host_masked: string; database_masked: string; user_masked: string; project_url: string | null;
  schema_names: string[]; snapshot: unknown; refreshed_at: Date | null;
}

/** An opened connection: its pool and what must never be shown. */
export interface OpenConnection { row: ConnectionRow; db: Kysely<DB>; secrets: Secrets; snapshot: Snapshot | null }

export const MAX_CONNECTIONS_PER_PROJECT = 20;
const SCHEMA_NAME = /^[^\u0000]{1,63}$/u;

export function connectionView(row: ConnectionRow, withTables = false): ConnectionView {
  const snapshot = row.snapshot as Snapshot | null;
  return {
    id: row.id, project_id: row.project_id, kind: row.kind, host: row.host_masked, database: row.database_masked,
    user: row.user_masked, project_url: row.project_url, schema_names: row.schema_names,
    refreshed_at: row.refreshed_at ? new Date(row.refreshed_at).toISOString() : null,
    ...(withTables ? { tables: (snapshot?.tables ?? []).map(({ privileges: _p, ...t }) => t) } : {}),
  };
}

export class ExternalConnections {
  constructor(private readonly db: Kysely<DB>, private readonly key: ConnectionKey, readonly pools: ExternalPools) {}

  async #role(caller: Caller, projectId: string, min: Role): Promise<void> {
    const role = await roleInProject(this.db, caller, projectId);
    if (role === null) throw new FieldworkError("NOT_FOUND");
    if (!roleAtLeast(role, min)) throw new FieldworkError("FORBIDDEN", `This needs the ${min} role; you are ${role === "viewer" ? "a" : "an"} ${role}.`);
  }

  /** The connection, when the caller has at least `min` in its project. */
  async require(caller: Caller, id: string, min: Role): Promise<ConnectionRow> {
    const row = isUuid(id) ? await this.db.selectFrom("x_connection").selectAll().where("id", "=", id).executeTakeFirst() : undefined;
    return this.#allowed(caller, row as ConnectionRow | undefined, min);
  }

  /**
   * The connection without its stored schema, and the one table of it a Data API request names,
   * picked out in the database: a schema of hundreds of tables is not read and parsed per request.
   */
  async requireTable(caller: Caller, id: string, min: Role, schema: string, name: string): Promise<{ row: ConnectionRow; table: SnapshotTable }> {
    const found = isUuid(id)
      ? await this.db.selectFrom("x_connection")
        .select(["id", "project_id", "kind", "secret", "host_masked", "database_masked", "user_masked", "project_url", "schema_names", "refreshed_at"])
        .select(sql<SnapshotTable | null>`(select t from jsonb_array_elements(snapshot -> 'tables') t
          where t ->> 'schema' = ${schema} and t ->> 'name' = ${name} limit 1)`.as("table"))
        .where("id", "=", id).executeTakeFirst()
      : undefined;
    const { table = null, ...rest } = found ?? {};
    const row = await this.#allowed(caller, found && { ...rest, snapshot: null } as ConnectionRow, min);
    return { row, table: snapshotTable({ tables: table ? [table] : [], schemas: row.schema_names, truncated: false }, schema, name) };
  }

  async #allowed(caller: Caller, row: ConnectionRow | undefined, min: Role): Promise<ConnectionRow> {
    const role = row ? await roleInProject(this.db, caller, row.project_id) : null;
    if (!row || role === null) throw new FieldworkError("CONNECTION_NOT_FOUND");
    if (!roleAtLeast(role, min)) throw new FieldworkError("FORBIDDEN", `This needs the ${min} role; you are ${role === "viewer" ? "a" : "an"} ${role}.`);
    return row;
  }

  async list(caller: Caller, projectId: string): Promise<ConnectionView[]> {
    await this.#role(caller, projectId, "viewer");
    const rows = await this.db.selectFrom("x_connection").selectAll().where("project_id", "=", projectId).orderBy("created_at").execute();
    return rows.map((row) => connectionView(row as ConnectionRow));
  }

  secretOf(row: ConnectionRow): ConnectionSecret {
    return JSON.parse(open(this.key, row.secret, row.id)) as ConnectionSecret;
  }

  open(row: ConnectionRow): OpenConnection {
    const secret = this.secretOf(row);
    return { row, db: this.pools.get(row.id, secret.url), secrets: secretsOf(secret.url, secret.service_key), snapshot: row.snapshot as Snapshot | null };
  }

  /** Tries the connection, reads its schema, and keeps it sealed; a failure says why and keeps nothing. */
  async create(caller: Caller, input: ConnectionCreate): Promise<ConnectionView> {
    await this.#role(caller, input.project_id, "editor");
    const read = readConnection(input);
    const { n } = await this.db.selectFrom("x_connection").select((eb) => eb.fn.countAll<string>().as("n"))
      .where("project_id", "=", input.project_id).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_CONNECTIONS_PER_PROJECT) throw new FieldworkError("PAYLOAD_TOO_LARGE", `A project has at most ${MAX_CONNECTIONS_PER_PROJECT} connections.`);
    const id = randomUUID();
    const secrets = secretsOf(read.secret.url, read.secret.service_key);
    const db = this.pools.get(id, read.secret.url);
    let snapshot: Snapshot;
    try {
      snapshot = await introspect(db, ["public"]);
    } catch (error) {
      await this.pools.close(id);
      throw connectionErrorOf(error, secrets);
    }
    const row = await this.db.insertInto("x_connection").values({
      id, project_id: input.project_id, kind: input.kind, secret: seal(this.key, JSON.stringify(read.secret), id),
      host_masked: read.host_masked, database_masked: read.database_masked, user_masked: read.user_masked,
      project_url: read.project_url, schema_names: ["public"], snapshot: JSON.stringify(snapshot), refreshed_at: new Date(),
    }).returningAll().executeTakeFirstOrThrow();
    return connectionView(row as ConnectionRow, true);
  }

  /** Reads the schema again (PATCH), with `extra` added to the schemas read (custom-schema). */
  async refresh(row: ConnectionRow, extra?: string): Promise<ConnectionView> {
    const opened = this.open(row);
    const schemas = [...new Set([...row.schema_names, ...(extra === undefined ? [] : [extra])])];
    if (extra !== undefined) {
      if (!SCHEMA_NAME.test(extra)) throw new FieldworkError("SCHEMA_NOT_FOUND");
      const found = await sql<{ ok: boolean }>`select exists (select 1 from pg_namespace where nspname = ${extra}) as ok`.execute(opened.db)
        .catch((error: unknown) => { throw connectionErrorOf(error, opened.secrets); });
      if (!found.rows[0]?.ok) throw new FieldworkError("SCHEMA_NOT_FOUND");
    }
    const snapshot = await introspect(opened.db, schemas).catch((error: unknown) => { throw connectionErrorOf(error, opened.secrets); });
    const updated = await this.db.transaction().execute(async (trx) => {
      await bumpConnectedForms(trx, row.id);
      return trx.updateTable("x_connection")
        .set({ schema_names: schemas, snapshot: JSON.stringify(snapshot), refreshed_at: new Date(), updated_at: new Date() })
        .where("id", "=", row.id).returningAll().executeTakeFirstOrThrow();
    });
    return connectionView(updated as ConnectionRow, true);
  }

  /** Replaces the sealed service key (spec 2 §7 secure-service-key); the key is never read back. */
  async setServiceKey(row: ConnectionRow, serviceKey: string): Promise<{ has_service_key: true }> {
    const secret = { ...this.secretOf(row), service_key: serviceKey };
    await this.db.updateTable("x_connection").set({ secret: seal(this.key, JSON.stringify(secret), row.id), updated_at: new Date() })
      .where("id", "=", row.id).execute();
    return { has_service_key: true };
  }

  /** Whether a service key is kept; the key itself never leaves the server. */
  hasServiceKey(row: ConnectionRow): { has_service_key: boolean } {
    return { has_service_key: this.secretOf(row).service_key !== null };
  }

  async remove(row: ConnectionRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await bumpConnectedForms(trx, row.id);
      await trx.deleteFrom("x_connection").where("id", "=", row.id).execute();
    });
    await this.pools.close(row.id);
  }
}

/** The forms writing into this connection's tables read their target again (form-target.ts caches it by revision). */
async function bumpConnectedForms(trx: Kysely<DB>, connectionId: string): Promise<void> {
  await trx.updateTable("form").set((eb) => ({ revision: eb("revision", "+", 1) }))
    .where("id", "in", trx.selectFrom("x_form_target").select("form_id").where("connection_id", "=", connectionId)).execute();
}

/**
 * Re-seals every connection's secret with `next` (docs/databases.md "Rotating the key"):
 * one transaction, so a failure leaves every row as it was. Returns how many were re-sealed.
 */
export async function resealConnections(db: Kysely<DB>, previous: ConnectionKey, next: ConnectionKey): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("x_connection").select(["id", "secret"]).forUpdate().execute();
    for (const row of rows) {
      const plain = open(previous, row.secret, row.id);
      await trx.updateTable("x_connection").set({ secret: seal(next, plain, row.id), updated_at: new Date() }).where("id", "=", row.id).execute();
    }
    return rows.length;
  });
}
