/**
 * What every route gets before its handler: parsed bodies, query strings and path
 * parameters holding text Postgres cannot store (a NUL byte, an unpaired surrogate) or
 * nesting deeper than LIMITS.json_depth are refused with a 400 from the catalogue, never
 * passed on to a statement that would fail with a 500. Multipart bodies are read by their
 * handler, which checks the same (`posted-entries.ts`).
 */
import { FieldworkError, jsonProblem, LIMITS, UNSTORABLE_TEXT } from "@fieldwork/core";
import type { FastifyInstance } from "fastify";

export function rejectUnstorableInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [where, value] of Object.entries(parts)) {
      const problem = jsonProblem(value);
      if (!problem) continue;
      const at = problem.path ? `${where}.${problem.path}` : where;
      if (problem.kind === "depth") throw new FieldworkError("NESTED_TOO_DEEP", `The request nests deeper than ${LIMITS.json_depth} levels at ${at}.`);
      throw new FieldworkError("INVALID_TEXT", `The request's ${at} ${UNSTORABLE_TEXT}.`);
    }
  });
}
