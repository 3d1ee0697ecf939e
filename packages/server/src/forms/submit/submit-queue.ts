/**
 * Submits to one form from this process wait in one queue; while a batch is being written,
 * the submits that arrive meanwhile gather and go together as the next batch. Alone, a submit
 * goes at once (no timer, no added wait); in a rush, each batch takes everyone who came while
 * the previous one committed. Several processes each batch their own submits; their batches
 * take turns on the form's row (batch-write.ts), which is what keeps every rule exact.
 *
 * On PostgreSQL the next batch starts as soon as the one before holds the form's row: its
 * BEGIN and its rate-limit hits overlap the other's writes and commit, and it waits for the
 * row in Postgres, not here. At most three batches of a form are in flight per process: one
 * holding the row and two queued behind it, so that while this process answers a committed
 * batch's submitters and gathers the next batch, PostgreSQL still has the form's next two
 * (with two in flight it sat idle in between: bench:submit at 16 connections measured three
 * 5–12% faster than two, and four no faster than three).
 */
import type { Kysely } from "kysely";
import { kindOf } from "../../db/database";
import type { DB } from "../../db/schema";
import type { FormRecord } from "../form-record";
import { writeBatch, type PendingSubmit, type SubmitOutcome } from "./batch-write";

/** Most submits in one batch: bounded by Postgres's 65,535 parameters per statement. */
const MAX_BATCH = 500;
const PARAMS_PER_ROW = 12;
/** Batches of one form in flight at once per process on PostgreSQL (see above); PGlite runs one at a time. */
const IN_FLIGHT_ON_POSTGRES = 3;

interface Waiting {
  item: PendingSubmit;
  resolve: (outcome: SubmitOutcome) => void;
  reject: (error: unknown) => void;
}

const queues = new WeakMap<Kysely<DB>, Map<string, Waiting[]>>();

export function submitInBatch(db: Kysely<DB>, record: FormRecord, item: PendingSubmit): Promise<SubmitOutcome> {
  let byForm = queues.get(db);
  if (!byForm) queues.set(db, (byForm = new Map()));
  // Answers read against one revision share a batch; another revision waits in its own.
  const key = `${record.form.id}:${record.form.revision}`;
  return new Promise((resolve, reject) => {
    const waiting = byForm.get(key);
    if (waiting) {
      waiting.push({ item, resolve, reject });
      return;
    }
    const queue: Waiting[] = [{ item, resolve, reject }];
    byForm.set(key, queue);
    void drain(db, record, byForm, key, queue);
  });
}

function drain(db: Kysely<DB>, record: FormRecord, byForm: Map<string, Waiting[]>, key: string, queue: Waiting[]): void {
  const size = Math.max(1, Math.min(MAX_BATCH, Math.floor(60_000 / (PARAMS_PER_ROW + record.fields.length))));
  const overlap = kindOf(db) === "postgres";
  let running = 0;
  /** A batch that has not yet locked the form's row: the next one waits for it to, here. */
  let approaching = false;
  const next = () => {
    while (queue.length && !approaching && running < (overlap ? IN_FLIGHT_ON_POSTGRES : 1)) {
      const batch = queue.splice(0, size);
      running++;
      approaching = true;
      let locked = false;
      const onLocked = () => {
        if (locked) return;
        locked = true;
        approaching = false;
        next();
      };
      void writeBatch(db, record, batch.map((w) => w.item), onLocked).then((outcomes) => {
        batch.forEach((w, i) => {
          const outcome = outcomes[i]!;
          if (outcome.kind === "failed") w.reject(outcome.error);
          else w.resolve(outcome);
        });
      }, (error: unknown) => {
        for (const w of batch) w.reject(error);
      }).finally(() => {
        running--;
        if (!locked) {
          locked = true;
          approaching = false;
        }
        next();
      });
    }
    if (running === 0 && !queue.length && byForm.get(key) === queue) byForm.delete(key);
  };
  next();
}
