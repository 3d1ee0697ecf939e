/**
 * `useTestApp(backend)`: one database and one app per backend, shared by the cases of a
 * test file (or of one `describe`). Call it in a `describe` body: it opens the database (a
 * copy of the migrated template, see backends.ts) and builds the app in `beforeAll`, and
 * closes both in `afterAll`. Cases isolate themselves by creating their own accounts,
 * organizations and forms; a case that needs an empty database opens its own.
 *
 *     describe.each(BACKENDS)("forms on $name", (backend) => {
 *       const t = useTestApp(backend, { rateLimitFactor: 0 });
 *       it.skipIf(!backend.available)("…", async () => { await t.app.inject(…); });
 *     });
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type AppOptions } from "../app";
import type { Database } from "../db/database";
import { ORIGIN } from "./accounts";
import type { Backend } from "./backends";

export interface TestApp {
  /** Set once `beforeAll` ran; reading it earlier throws. */
  readonly app: FastifyInstance;
  readonly database: Database;
}

export function useTestApp(backend: Backend, options: Partial<Omit<AppOptions, "db">> = {}): TestApp {
  let opened: { app: FastifyInstance; database: Database } | undefined;
  beforeAll(async () => {
    if (!backend.available) return;
    const database = await backend.open();
    try {
      opened = { database, app: await buildApp({ db: database.db, publicUrl: ORIGIN, ...options }) };
    } catch (error) {
      await database.close();
      throw error;
    }
  });
  afterAll(async () => {
    await opened?.app.close();
    await opened?.database.close();
    opened = undefined;
  });
  const get = () => {
    if (!opened) throw new Error(`useTestApp(${backend.name}): the app is opened in beforeAll, read it inside a case or hook`);
    return opened;
  };
  return {
    get app() { return get().app; },
    get database() { return get().database; },
  };
}
