/**
 * Graceful shutdown of `npm start` on SIGTERM or SIGINT: the steps run in order (stop
 * accepting and let in-flight requests finish, which also stops the webhook workers and
 * the row feed through the app's onClose hooks; then close the database), all within
 * SHUTDOWN_TIMEOUT_MS. Done in time, the process exits 0; past the deadline it says which
 * step it was waiting for and exits 1.
 */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface ShutdownStep {
  name: string;
  run(): unknown;
}

export interface ShutdownOptions {
  timeoutMs: number;
  log: { info(message: string): void; error(message: string): void };
  exit?: (code: number) => void;
}

/** Runs `steps` on the first SIGTERM or SIGINT (a second one while stopping is ignored). */
export function shutDownOnSignals(steps: ShutdownStep[], options: ShutdownOptions): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      options.log.info(`${signal}: shutting down (at most ${options.timeoutMs} ms)`);
      void shutDown(steps, options);
    });
  }
}

export async function shutDown(steps: ShutdownStep[], { timeoutMs, log, exit = process.exit }: ShutdownOptions): Promise<void> {
  let current = "start";
  const deadline = setTimeout(() => {
    log.error(`shutdown did not finish within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS), still at: ${current}`);
    exit(1);
  }, timeoutMs);
  try {
    for (const step of steps) {
      current = step.name;
      await step.run();
    }
  } catch (error) {
    clearTimeout(deadline);
    log.error(`shutdown failed at ${current}: ${error instanceof Error ? error.message : String(error)}`);
    exit(1);
    return;
  }
  clearTimeout(deadline);
  exit(0);
}
