import { getConstructionPlans } from "pg-boss";
import { describe, expect, it } from "vitest";
import { splitStatements } from "./sql-statements";

describe("splitStatements", () => {
  it("splits at top-level semicolons only, leaving quotes, dollar-quoted bodies and comments whole", () => {
    const script = `
      BEGIN;
      select 'a;b', "we;ird" from t; -- a comment; with a semicolon
      create function f() returns int language plpgsql as $$ begin perform 1; return 2; end $$;
      create function g() returns int as $body$ select 1; $body$ language sql;
      /* block; comment */ select 3;
      COMMIT;
    `;
    expect(splitStatements(script)).toEqual([
      "BEGIN",
      `select 'a;b', "we;ird" from t`,
      "-- a comment; with a semicolon\n      create function f() returns int language plpgsql as $$ begin perform 1; return 2; end $$",
      "create function g() returns int as $body$ select 1; $body$ language sql",
      "/* block; comment */ select 3",
      "COMMIT",
    ]);
  });

  it("keeps positional parameters ($1) apart from dollar quotes", () => {
    expect(splitStatements("select $1::int; select $2")).toEqual(["select $1::int", "select $2"]);
  });

  it("reads pg-boss's own schema script into whole statements, its functions intact", () => {
    const statements = splitStatements(getConstructionPlans("pgboss"));
    expect(statements[0]).toBe("BEGIN");
    expect(statements.at(-1)).toBe("COMMIT");
    const functions = statements.filter((s) => /^CREATE FUNCTION/i.test(s));
    expect(functions.length).toBeGreaterThanOrEqual(2);
    for (const fn of functions) expect(fn.match(/\$\$/g)).toHaveLength(2);
  });
});
