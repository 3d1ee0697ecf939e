/** `connections rekey`: sealed connections move from the previous key to the current one, all or none. */
import { describe, expect, it } from "vitest";
import { runCommand } from "../cli/commands";
import type { Auth } from "../auth/better-auth";
import { openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { connectionKeyOf, open, seal } from "./secret-box";

describe("connections rekey", () => {
  it("re-seals every connection with the current key, and refuses without the previous key", async () => {
    const database = await openDatabase({});
    try {
      await migrate(database.db);
      const project = await database.db.selectFrom("project").select("id").executeTakeFirst()
        ?? await (async () => {
          const org = await database.db.insertInto("organization").values({ name: "rk", display_name: "rk" } as never).returning("id").executeTakeFirstOrThrow();
          return database.db.insertInto("project").values({ organization_id: org.id, name: "rk" } as never).returning("id").executeTakeFirstOrThrow();
        })();
      const oldKey = connectionKeyOf({}, "old secret");
      const ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
      for (const id of ids) {
        await database.db.insertInto("x_connection").values({
          id, project_id: project.id, kind: "postgres", secret: seal(oldKey, JSON.stringify({ url: `postgres://u:pw-${id}@h/db`, service_key: null }), id),
          host_masked: "h", database_masked: "db", user_masked: "u*",
        }).execute();
      }
      const context = { db: database.db, auth: {} as Auth, publicUrl: "http://x", secretKey: "new secret" };
      const refused = await runCommand({ ...context, env: {} }, { cmd: "connections.rekey" });
      expect(refused.exit_code).toBe(1);
      expect(refused.stdout).toContain("CONNECTION_KEY_PREVIOUS");
      const wrong = await runCommand({ ...context, env: { SECRET_KEY_PREVIOUS: "not it" } }, { cmd: "connections.rekey" });
      expect(JSON.parse(wrong.stdout).error.code).toBe("CONNECTION_KEY_INVALID");
      const done = await runCommand({ ...context, env: { SECRET_KEY_PREVIOUS: "old secret" } }, { cmd: "connections.rekey" });
      expect(JSON.parse(done.stdout)).toEqual({ resealed: 2 });
      const rows = await database.db.selectFrom("x_connection").select(["id", "secret"]).orderBy("id").execute();
      for (const row of rows) expect(JSON.parse(open(connectionKeyOf({}, "new secret"), row.secret, row.id)).url).toBe(`postgres://u:pw-${row.id}@h/db`);
      const hex = "cd".repeat(32);
      const toHex = await runCommand({ ...context, env: { SECRET_KEY_PREVIOUS: "new secret", CONNECTION_KEY: hex } }, { cmd: "connections.rekey" });
      expect(JSON.parse(toHex.stdout)).toEqual({ resealed: 2 });
      expect(() => open(connectionKeyOf({ CONNECTION_KEY: hex }, "ignored"), rows[0]!.secret, rows[0]!.id)).toThrow();
    } finally {
      await database.close();
    }
  });
});
