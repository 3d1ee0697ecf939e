/**
 * On PGlite every write goes through this process's driver (one process holds the
 * database; the CLI runs its commands through the server), so the driver can count the
 * statements that may change what a public form page reads: the form and its definition,
 * stock, and the form's rows (a delete there lowers `form.response_count` by trigger). The
 * page's snapshot (forms/page-snapshot.ts) is reused while that count has not moved.
 *
 * The test is deliberately wide: any statement that is not a plain read and names one of
 * those tables counts, whatever else it does (a false count costs one page reload).
 */

const READ_ONLY = /^\s*(select|explain|show|begin|commit|rollback|savepoint|release|listen|unlisten|set|values)\b/i;
const PAGE_TABLES = /\b(form|form_document|form_field|form_field_option|optgroup|form_block|inventory_[a-z_]+|form_data)\b/i;

/** Whether `sql` may change what a form page shows. */
export function mayChangePages(sql: string): boolean {
  return !READ_ONLY.test(sql) && PAGE_TABLES.test(sql);
}

/** How many statements that may change pages ran so far. */
export class PageWrites {
  #count = 0;
  get count(): number { return this.#count; }
  /** Counts `sql` if it may change pages; call before it runs (a reader that follows sees the count moved). */
  note(sql: string): void {
    if (mayChangePages(sql)) this.#count++;
  }
}
