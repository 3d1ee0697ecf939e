/**
 * `responses list <form_id> [--format jsonl|csv] [--select a,b] [--order col.desc]
 * [--where 'age=gt.30']… [--limit N]`: every row a PostgREST query selects from the form's
 * table, streamed. The flags become the query string of a Data API read, for example
 *
 *   --where age=gt.30 --where 'or=(city.eq.Paris,city.eq.Lyon)' --order age.desc --limit 10
 *   → age=gt.30&or=(city.eq.Paris,city.eq.Lyon)&order=age.desc&limit=10
 *
 * which is what travels to the running server or, with an API key, to `/rest/v1/{table_name}`,
 * and is parsed again wherever the database is.
 */
import { FieldworkError, parseReadQuery } from "@fieldwork/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { exportResponses } from "../forms/responses";
import { EXPORT_FORMATS, type ExportFormat } from "../query/export-format";

export interface ResponsesListCommand { cmd: "responses.list"; form_id: string; format: ExportFormat; query: string }

/** The media type of each format, as the Data API reads it from `Accept`. */
export const MEDIA_TYPES: Record<ExportFormat, string> = { jsonl: "application/x-ndjson", csv: "text/csv" };

/** Flags that take one value each, and the query parameter each one sets. */
const SINGLE = { select: "select", order: "order", limit: "limit" } as const;
/** Query parameters `--where` may not set: they have their own flags, or are not read. */
const NOT_FILTERS = new Set(["select", "order", "limit", "offset", "on_conflict", "columns"]);

/**
 * The command from the words after `responses list <form_id>`. A malformed flag is a usage
 * error (UsageError from `usage`); a query PostgREST would refuse throws its catalogue error
 * (QUERY_INVALID, QUERY_TOO_LARGE), before anything is opened or sent.
 */
export function parseResponsesList(formId: string, args: readonly string[], usage: (message: string) => Error): ResponsesListCommand {
  const where = new URLSearchParams();
  const single = new Map<string, string>();
  let format: ExportFormat = "jsonl";
  let formatGiven = false;
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    const value = args[i + 1];
    if (!name.startsWith("--")) throw usage(`Unexpected ${JSON.stringify(name)}.`);
    const flag = name.slice(2);
    if (value === undefined || value.startsWith("--")) throw usage(`${name} needs a value.`);
    if (flag === "where") {
      const at = value.indexOf("=");
      const key = at > 0 ? value.slice(0, at) : "";
      if (!key) throw usage(`--where takes column=op.value or or=(…), for example --where age=gt.30; not ${JSON.stringify(value)}.`);
      if (NOT_FILTERS.has(key)) throw usage(`--where sets filters; ${key} ${Object.hasOwn(SINGLE, key) ? `has its own flag, --${key}` : "is not read here"}.`);
      where.append(key, value.slice(at + 1));
    } else if (flag === "format") {
      if (formatGiven) throw usage("--format is given more than once.");
      if (!(EXPORT_FORMATS as readonly string[]).includes(value)) throw usage(`--format is ${EXPORT_FORMATS.join(" or ")}, not ${JSON.stringify(value)}.`);
      format = value as ExportFormat;
      formatGiven = true;
    } else if (Object.hasOwn(SINGLE, flag)) {
      if (single.has(flag)) throw usage(`${name} is given more than once.`);
      single.set(flag, value);
    } else {
      throw usage(`Unknown option ${JSON.stringify(name)} for responses list.`);
    }
  }
  const params = new URLSearchParams(where);
  for (const [flag, value] of single) params.append(SINGLE[flag as keyof typeof SINGLE], value);
  parseReadQuery(params);
  return { cmd: "responses.list", form_id: formId, format, query: params.toString() };
}

/** The command as the running server receives it (`/internal/cli`), checked. */
export function checkResponsesList(body: Partial<Record<keyof ResponsesListCommand, unknown>>): ResponsesListCommand {
  const { form_id, format, query } = body;
  if (typeof form_id !== "string" || typeof query !== "string" || !(EXPORT_FORMATS as readonly unknown[]).includes(format)) {
    throw new FieldworkError("MALFORMED_REQUEST", "responses.list takes a form_id, a format (jsonl or csv) and a query string.");
  }
  return { cmd: "responses.list", form_id, format: format as ExportFormat, query };
}

/** Runs the listing where the database is: the query is read again, as any request's would be. */
export async function runResponsesList(db: Kysely<DB>, command: ResponsesListCommand, write: (text: string) => Promise<boolean>): Promise<void> {
  await exportResponses(db, command.form_id, parseReadQuery(new URLSearchParams(command.query)), command.format, write);
}
