import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/database";
import { shutDown } from "./shutdown";
import { BACKENDS } from "./test/backends";
import { demoFormIdOf, startServer } from "./test/built-server";
import { useBuiltServerStore } from "./test/built-server-store";

describe("shutDown", () => {
  const log = { info: () => {}, error: (m: string) => messages.push(m) };
  const messages: string[] = [];

  it("runs the steps in order and exits 0", async () => {
    const order: string[] = [];
    const codes: number[] = [];
    await shutDown([{ name: "a", run: async () => { order.push("a"); } }, { name: "b", run: () => { order.push("b"); } }],
      { timeoutMs: 1000, log, exit: (code) => codes.push(code) });
    expect(order).toEqual(["a", "b"]);
    expect(codes).toEqual([0]);
  });

  it("exits 1 at the deadline, naming the step it waited for", async () => {
    const codes: number[] = [];
    void shutDown([{ name: "hanging step", run: () => new Promise(() => {}) }], { timeoutMs: 50, log, exit: (code) => codes.push(code) });
    await new Promise((r) => setTimeout(r, 200));
    expect(codes).toEqual([1]);
    expect(messages.at(-1)).toMatch(/within 50 ms .*still at: hanging step/);
  });
});

const ANSWER = { email: "ada@example.com", role: "engineer", plan: "team", accept_terms: "on" };

describe.each(BACKENDS)("graceful shutdown of the built server on $name", (backend) => {
  const store = useBuiltServerStore(backend, "shutdown");

  it.skipIf(!backend.available)("keeps every submit it acknowledged when SIGTERM arrives under load, and exits 0", async () => {
    const server = await startServer({
      ...store.env(), PUBLIC_RATE_LIMIT_FACTOR: "0", SHUTDOWN_TIMEOUT_MS: "20000",
    });
    const formId = demoFormIdOf(server.output());
    const acknowledged: string[] = [];
    let afterSignal = { ok: 0, refused: 0 };
    let signalled = false;
    const submitter = async (worker: number) => {
      for (let i = 0; ; i += 1) {
        const full_name = `load ${worker}-${i}`;
        try {
          const res = await fetch(`${server.url}/submit/${formId}`, {
            method: "POST", body: new URLSearchParams({ ...ANSWER, full_name }), headers: { accept: "application/json" },
          });
          const body = await res.text();
          // By the answer's id: the test is about which rows outlive the shutdown.
          if (res.status === 201) acknowledged.push((JSON.parse(body) as { data: { id: string } }).data.id);
          if (signalled) afterSignal = { ...afterSignal, [res.status === 201 ? "ok" : "refused"]: afterSignal[res.status === 201 ? "ok" : "refused"] + 1 };
        } catch {
          return; // the server stopped accepting connections
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => submitter(w));
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
    signalled = true;
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    await Promise.all(workers);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });

    const database = await openDatabase({ databaseUrl: store.databaseUrl(), dataDir: store.dataDir });
    try {
      const form = await database.db.selectFrom("form").select("table_name").where("id", "=", formId).executeTakeFirstOrThrow();
      const { rows } = await sql<{ id: string }>`select id::text from ${sql.table(`form_data.${form.table_name}`)}`.execute(database.db);
      const stored = new Set(rows.map((r) => r.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost, `acknowledged but not stored (of ${acknowledged.length}; after SIGTERM ${JSON.stringify(afterSignal)})`).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    } finally {
      await database.close();
    }
  }, 120_000);
});
