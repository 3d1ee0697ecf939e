/**
 * LISTEN on PostgreSQL through one dedicated connection, outside the pool: a pooled client
 * goes back to other queries and stops receiving notifications. The connection opens with
 * the first channel and closes with the last. When it drops (a restart, a failover, an
 * idle timeout on the way), it reconnects with exponential backoff (200 ms doubling to
 * 10 s, with jitter) and listens to every channel again; notifications sent while it was
 * away are lost, as NOTIFY's always are.
 */
import pg from "pg";

export type OnPayload = (payload: string) => void;
export type Unlisten = () => Promise<void>;

export interface PgListenerOptions {
  connectionString: string;
  /** First retry after this many ms, doubling up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  warn?: (message: string) => void;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class PgListener {
  readonly #options: Required<PgListenerOptions>;
  readonly #channels = new Map<string, Set<OnPayload>>();
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  #retry: NodeJS.Timeout | null = null;
  #attempt = 0;
  #closed = false;

  constructor(options: PgListenerOptions) {
    this.#options = {
      backoffMs: 200, maxBackoffMs: 10_000,
      warn: (message) => console.warn(`[fieldwork] ${message}`),
      ...options,
    };
  }

  /** Calls `onPayload` with each notification on `channel`; resolves once LISTEN ran. */
  async listen(channel: string, onPayload: OnPayload): Promise<Unlisten> {
    if (this.#closed) throw new Error("the listener is closed");
    let callbacks = this.#channels.get(channel);
    if (!callbacks) this.#channels.set(channel, (callbacks = new Set()));
    const own = (payload: string) => onPayload(payload);
    callbacks.add(own);
    try {
      const client = await this.#connect();
      await client.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      await this.#remove(channel, own);
      throw error;
    }
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await this.#remove(channel, own);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#channels.clear();
    await this.#disconnect();
  }

  async #remove(channel: string, callback: OnPayload): Promise<void> {
    const callbacks = this.#channels.get(channel);
    callbacks?.delete(callback);
    if (!callbacks || callbacks.size > 0) return;
    this.#channels.delete(channel);
    if (this.#channels.size === 0) return this.#disconnect();
    await this.#client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined);
  }

  async #disconnect(): Promise<void> {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client ?? (await this.#connecting?.catch(() => null));
    this.#client = null;
    this.#connecting = null;
    await client?.end().catch(() => undefined);
  }

  #connect(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#open().finally(() => (this.#connecting = null));
    return this.#connecting;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#options.connectionString, keepAlive: true });
    client.on("notification", (message) => {
      const callbacks = this.#channels.get(message.channel);
      for (const callback of callbacks ?? []) {
        try {
          callback(message.payload ?? "");
        } catch (error) {
          this.#options.warn(`a LISTEN callback failed: ${(error as Error).message}`);
        }
      }
    });
    const lost = (error?: Error) => this.#lost(client, error);
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      client.removeAllListeners("end");
      client.on("error", () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed || this.#channels.size === 0) {
      await client.end().catch(() => undefined);
      throw new Error("the listener closed while connecting");
    }
    this.#client = client;
    this.#attempt = 0;
    return client;
  }

  /** The connection went away without us closing it: try again until it comes back. */
  #lost(client: pg.Client, error?: Error): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#options.warn(`the LISTEN connection dropped${error ? ` (${error.message})` : ""}; reconnecting`);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#channels.size === 0 || this.#retry) return;
    const base = Math.min(this.#options.maxBackoffMs, this.#options.backoffMs * 2 ** this.#attempt++);
    const delay = base / 2 + Math.random() * (base / 2);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#connect().catch((error: Error) => {
        this.#options.warn(`reconnecting LISTEN failed (${error.message}); next try in a moment`);
        this.#scheduleReconnect();
      });
    }, delay);
    this.#retry.unref();
  }
}
