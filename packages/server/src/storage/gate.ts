/**
 * At most `slots` holders at once; the others wait in order. The S3 driver passes its puts of
 * unknown size through one (lib-storage holds up to a 5 MB part per upload in memory: 50
 * multipart submits at once held 170–250 MB, bench:upload), so memory stays bounded while
 * the waiting uploads stay paused in their sockets.
 *
 *   const release = await gate.enter(signal);   // rejects with signal.reason if aborted while waiting
 *   try { … } finally { release(); }
 */
export class Gate {
  private holders = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {
    if (!Number.isSafeInteger(slots) || slots < 1) throw new RangeError(`a gate needs at least one slot (got ${slots})`);
  }

  /** Holders now, and how many wait (for tests and metrics). */
  get load() {
    return { holders: this.holders, waiting: this.waiting.length };
  }

  enter(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.holders < this.slots) {
      this.holders++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const admit = () => {
        signal?.removeEventListener("abort", onAbort);
        this.holders++;
        resolve(this.releaser());
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(admit);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(admit);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      this.waiting.shift()?.();
    };
  }
}
