/**
 * Fair scheduling of deliveries on one server: at most one attempt in flight per webhook, and
 * at most `perTenant` per organization, so receivers that hang (or many webhooks of one
 * organization pointing at one) can never hold every worker while other organizations'
 * events wait. A job that finds its webhook or organization at its share is queued again a
 * little later (deliver-job.ts), behind the others.
 */
export class FairShare {
  readonly #webhooks = new Set<string>();
  readonly #tenants = new Map<string, number>();

  constructor(readonly perTenant: number) {}

  /** Takes a slot for this webhook of this organization; `null` when either is at its share. */
  acquire(webhookId: string, tenantId: string): (() => void) | null {
    const running = this.#tenants.get(tenantId) ?? 0;
    if (this.#webhooks.has(webhookId) || running >= this.perTenant) return null;
    this.#webhooks.add(webhookId);
    this.#tenants.set(tenantId, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#webhooks.delete(webhookId);
      const left = (this.#tenants.get(tenantId) ?? 1) - 1;
      if (left > 0) this.#tenants.set(tenantId, left);
      else this.#tenants.delete(tenantId);
    };
  }
}

/** An organization's share of `concurrency` workers: half of them (at least one), so others always find one free. */
export const tenantShare = (concurrency: number): number => Math.max(1, Math.floor(concurrency / 2));

/**
 * Seconds before a deferred job is tried again: 1 s for its first three waits (a busy but
 * healthy receiver answers within that), then 4, 8, 16, 30 s (its webhook or organization is
 * stuck on a slow receiver; re-reading its jobs every second would be wasted work).
 */
export const deferSeconds = (deferrals: number): number => (deferrals <= 3 ? 1 : Math.min(30, 2 ** (deferrals - 2)));
