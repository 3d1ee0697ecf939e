/**
 * One HTTP attempt of a delivery: POST the body with its headers, through a socket whose
 * DNS lookup refuses private addresses (address-policy.ts; an IP literal is checked first), within a timeout, keeping the
 * first bytes of the answer for the log. Never throws: every outcome is an `AttemptOutcome`.
 */
import http from "node:http";
import https from "node:https";
import { WEBHOOK_RESPONSE_EXCERPT_LENGTH } from "@fieldwork/core";
import { isIP } from "node:net";
import { guardedLookup, isPrivateAddress, PrivateAddressError } from "./address-policy";

export interface AttemptOutcome {
  /** `null` when no answer came. */
  http_status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  /** The address was refused by policy: no retry can succeed. */
  refused: boolean;
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}

const EXCERPT_BYTES = WEBHOOK_RESPONSE_EXCERPT_LENGTH * 4;

export function sendRequest(options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, "duration_ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, duration_ms: elapsed() });
    };
    const url = new URL(options.url);
    // Node skips `lookup` for an IP literal, so a literal is checked here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
      const error = new PrivateAddressError(url.hostname, literal);
      resolve({ http_status: null, response_excerpt: null, error: `Refused: ${error.message}`, refused: true, duration_ms: elapsed() });
      return;
    }
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "POST",
      headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
      lookup: guardedLookup(options.allowPrivate),
      agent: false,
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString("utf8").replace(/\uFFFD+$/, "").slice(0, WEBHOOK_RESPONSE_EXCERPT_LENGTH);
        finish({ http_status: response.statusCode ?? null, response_excerpt: text === "" ? null : text, error: null, refused: false });
        response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        if (size < EXCERPT_BYTES) chunks.push(chunk.subarray(0, EXCERPT_BYTES - size));
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ http_status: null, response_excerpt: null, error: `No answer within ${options.timeoutMs} ms`, refused: false });
    }, options.timeoutMs);
    request.on("error", (error) => {
      const refused = error instanceof PrivateAddressError;
      finish({ http_status: null, response_excerpt: null, error: refused ? `Refused: ${error.message}` : describe(error), refused });
    });
    request.end(options.body);
  });
}

function describe(error: Error & { code?: string }): string {
  const text = error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message;
  return text.slice(0, 500);
}
