/**
 * How many Pay requests one form may keep waiting on this server, and one hold at a time.
 *
 * - `enter(form_id)`: a Pay request (Pay, confirm, complete, Toss's session and success) counts
 *   itself in until it answers; past `max` in flight for the form (LIMITS.pay_in_flight_per_form)
 *   it is refused at once with 429 PAYMENT_BUSY, before anything is held or charged. A hostile
 *   client flooding one form gets 429s; the server's other forms are not kept waiting.
 * - `serial(form_id, step)`: the stock hold of Pay (payment-hold.ts) runs one at a time per form
 *   on this server. The form's row lock serializes holds in the database anyway; queued here,
 *   waiting Pays wait in memory instead of each holding a pooled connection blocked on the lock,
 *   so a rush on one form leaves the pool to the rest.
 */
import { FieldworkError, LIMITS } from "@fieldwork/core";

export class PayGate {
  private readonly inFlight = new Map<string, number>();
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(readonly max: number = LIMITS.pay_in_flight_per_form) {}

  /** Counts a Pay request of `form_id` in; call the answer when it is done. Throws PAYMENT_BUSY past the cap. */
  enter(form_id: string): () => void {
    const now = this.inFlight.get(form_id) ?? 0;
    if (now >= this.max) throw new FieldworkError("PAYMENT_BUSY");
    this.inFlight.set(form_id, now + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const n = (this.inFlight.get(form_id) ?? 1) - 1;
      if (n <= 0) this.inFlight.delete(form_id);
      else this.inFlight.set(form_id, n);
    };
  }

  /** Runs `fn` within `enter`/leave. */
  async run<T>(form_id: string, fn: () => Promise<T>): Promise<T> {
    const leave = this.enter(form_id);
    try {
      return await fn();
    } finally {
      leave();
    }
  }

  /** Runs `step` after the form's previous serial step has settled (whatever its outcome). */
  serial<T>(form_id: string, step: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(form_id) ?? Promise.resolve();
    const result = previous.then(step, step);
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(form_id, tail);
    void tail.then(() => { if (this.tails.get(form_id) === tail) this.tails.delete(form_id); });
    return result;
  }

  /** Pay requests of `form_id` in flight now (tests, logs). */
  waiting(form_id: string): number {
    return this.inFlight.get(form_id) ?? 0;
  }
}
