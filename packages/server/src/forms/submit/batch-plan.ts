/**
 * Deciding a batch of submits (pure): given what the batch transaction read while it holds the
 * form's counter row (the count, the limits, each customer's answers so far, the stock of the
 * tracked options, the rows sessions already made), each submit in arrival order is either a
 * repeat of an earlier answer, refused with a catalogue code, or accepted with the next
 * `local_index`. A session's repeat is answered first, whatever else changed since. Each accepted submit takes from the same running tallies, so N allowed means
 * N accepted whatever the batch's size, and a refused submit takes nothing.
 */
import type { ErrorCode } from "@fieldwork/core";

export interface PlanItem {
  /** A session of this form, or null (no session, or one of another form). */
  session_id: string | null;
  /** The customer the submit is counted against, or null when none is known. */
  customer_id: string | null;
  /** Tracked options chosen (option ids), each taking one unit. */
  demand: readonly string[];
  /** Why the form takes no answer from this submit now (closed, out of schedule), if so. */
  closed?: ErrorCode | null;
}

export interface PlanInput {
  /** Responses the form holds now (deleted rows free their place): what the total limit counts. */
  response_count: number;
  /** The last `local_index` given (it never goes back, deletes or not). */
  last_local_index: number;
  max_total: number | null;
  max_by_customer: number | null;
  /** Answers each customer already gave to this form. */
  customer_counts: ReadonlyMap<string, number>;
  /** Units available per tracked option of the form (every tracked option, chosen or not). */
  stock: ReadonlyMap<string, number>;
  /** Sessions that already made a row: the row's index. */
  submitted_sessions: ReadonlyMap<string, number>;
}

export type PlanDecision =
  | { kind: "accept"; local_index: number }
  /** The session already has a row (`local_index`), or an earlier submit of this batch makes it (`same_as`). */
  | { kind: "repeat"; local_index: number; same_as: number | null }
  | { kind: "refuse"; code: ErrorCode };

export interface Plan {
  decisions: PlanDecision[];
  accepted: number;
  /** Units taken per option id. */
  taken: Map<string, number>;
}

export function planBatch(items: readonly PlanItem[], input: PlanInput): Plan {
  let held = input.response_count;
  let next = input.last_local_index;
  const stock = new Map(input.stock);
  const counts = new Map(input.customer_counts);
  const sessions = new Map<string, { local_index: number; position: number | null }>();
  for (const [id, local_index] of input.submitted_sessions) sessions.set(id, { local_index, position: null });
  const taken = new Map<string, number>();

  const decisions = items.map((item, position): PlanDecision => {
    const earlier = item.session_id ? sessions.get(item.session_id) : undefined;
    if (earlier) return { kind: "repeat", local_index: earlier.local_index, same_as: earlier.position };
    // A repeat gets its answer even from a form closed since; a new answer does not.
    if (item.closed) return { kind: "refuse", code: item.closed };

    if (input.max_by_customer !== null && item.customer_id !== null && (counts.get(item.customer_id) ?? 0) >= input.max_by_customer) {
      return { kind: "refuse", code: "FORM_RESPONSE_LIMIT_BY_CUSTOMER_REACHED" };
    }
    if (input.max_total !== null && held >= input.max_total) return { kind: "refuse", code: "FORM_RESPONSE_LIMIT_REACHED" };
    const wanted = [...new Set(item.demand)];
    if (wanted.some((option) => (stock.get(option) ?? 0) < 1)) {
      return { kind: "refuse", code: [...stock.values()].every((left) => left < 1) ? "FORM_SOLD_OUT" : "FORM_OPTION_UNAVAILABLE" };
    }

    for (const option of wanted) {
      stock.set(option, stock.get(option)! - 1);
      taken.set(option, (taken.get(option) ?? 0) + 1);
    }
    if (item.customer_id !== null) counts.set(item.customer_id, (counts.get(item.customer_id) ?? 0) + 1);
    held += 1;
    next += 1;
    if (item.session_id) sessions.set(item.session_id, { local_index: next, position });
    return { kind: "accept", local_index: next };
  });
  return { decisions, accepted: held - input.response_count, taken };
}
