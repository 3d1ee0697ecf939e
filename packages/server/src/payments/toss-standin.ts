/**
 * A local stand-in for Toss Payments (tests, e2e; docs/payments.md "Toss Payments"): it speaks
 * the documented HTTP protocol of the calls Fieldwork makes, at TOSS_API_BASE, and serves a
 * tiny checkout page in place of Toss's browser SDK (which loads from Toss's CDN). No real
 * provider is ever contacted.
 *
 * - `GET /checkout?clientKey&customerKey&orderId&orderName&amount&successUrl&failUrl`: the
 *   checkout page. "Pay" authorizes (a new paymentKey) and redirects to successUrl with
 *   `paymentKey`, `orderId`, `amount`; "Card refused" and "Cancel" redirect to failUrl with
 *   `code`, `message`, `orderId`, as Toss does.
 * - `POST /v1/payments/confirm` {paymentKey, orderId, amount}: confirms an authorization once
 *   (again: 400 ALREADY_PROCESSED_PAYMENT, unless the same Idempotency-Key replays the answer);
 *   an orderId or amount other than the authorized one is refused and nothing is charged.
 * - `GET /v1/payments/{paymentKey}`, `POST /v1/payments/{paymentKey}/cancel` {cancelReason}.
 * - Every call needs `Authorization: Basic base64(secretKey + ":")`; errors are JSON {code, message}.
 *
 * Every confirm request is recorded (`confirms`) and every charge (`charges`) and cancel
 * (`cancels`), so tests can count them.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TossPayment } from "./toss-client";

interface Authorization { paymentKey: string; orderId: string; amount: number; orderName: string; decline: { code: string; message: string } | null }
export interface TossStandinPayment extends TossPayment { orderName: string; cancels: { cancelAmount: number; cancelReason: string; canceledAt: string }[] }

export interface TossStandin {
  /** `http://127.0.0.1:PORT`: the value of TOSS_API_BASE. */
  base: string;
  secret_key: string;
  client_key: string;
  /** Every confirm request, with the status answered. */
  confirms: { paymentKey: string; orderId: string; amount: unknown; status: number }[];
  /** Confirmed payments (money moved). */
  charges: TossStandinPayment[];
  cancels: { paymentKey: string; cancelReason: string }[];
  /** What the checkout's Pay does, for tests without a browser: a paymentKey for the order. `decline` fails its confirm. */
  authorize(orderId: string, amount: number, decline?: { code: string; message: string }): string;
  close(): Promise<void>;
}

export const STANDIN_DECLINE = { code: "REJECT_CARD_PAYMENT", message: "한도초과 혹은 잔액부족으로 결제에 실패했습니다." };
export const STANDIN_CARD_REFUSED = { code: "REJECT_CARD_COMPANY", message: "카드사에서 결제를 거절했습니다." };
export const STANDIN_CANCELED = { code: "PAY_PROCESS_CANCELED", message: "사용자에 의해 결제가 취소되었습니다." };

const error = (code: string, message: string) => ({ code, message });
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTossStandin(options: { secret_key?: string; client_key?: string } = {}): Promise<TossStandin> {
  const secret_key = options.secret_key ?? "test_sk_standin";
  const client_key = options.client_key ?? "test_ck_standin";
  const authorizations = new Map<string, Authorization>();
  const payments = new Map<string, TossStandinPayment>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const confirms: TossStandin["confirms"] = [];
  const charges: TossStandinPayment[] = [];
  const cancels: TossStandin["cancels"] = [];

  const authorize = (orderId: string, amount: number, decline: Authorization["decline"] = null, orderName = "") => {
    const paymentKey = `tstandin${randomBytes(12).toString("hex")}`;
    authorizations.set(paymentKey, { paymentKey, orderId, amount, orderName, decline });
    return paymentKey;
  };

  const confirm = (body: Record<string, unknown>): [number, unknown] => {
    const { paymentKey, orderId, amount } = body;
    if (typeof paymentKey !== "string" || typeof orderId !== "string" || typeof amount !== "number") {
      return [400, error("INVALID_REQUEST", "잘못된 요청입니다.")];
    }
    if (payments.has(paymentKey)) return [400, error("ALREADY_PROCESSED_PAYMENT", "이미 처리된 결제 입니다.")];
    const auth = authorizations.get(paymentKey);
    if (!auth) return [404, error("NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.")];
    if (auth.orderId !== orderId || auth.amount !== amount) return [400, error("INVALID_REQUEST", "결제 금액 또는 주문번호가 일치하지 않습니다.")];
    if (auth.decline) return [403, auth.decline];
    const payment: TossStandinPayment = {
      paymentKey, orderId, orderName: auth.orderName, status: "DONE", totalAmount: amount, balanceAmount: amount, currency: "KRW",
      method: "카드", approvedAt: new Date().toISOString(), cancels: [],
    };
    payments.set(paymentKey, payment);
    charges.push(payment);
    return [200, payment];
  };

  const route = (method: string, path: string, body: Record<string, unknown>): [number, unknown] => {
    if (method === "POST" && path === "/v1/payments/confirm") {
      const answer = confirm(body);
      confirms.push({ paymentKey: String(body.paymentKey), orderId: String(body.orderId), amount: body.amount, status: answer[0] });
      return answer;
    }
    const one = /^\/v1\/payments\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const key = decodeURIComponent(one[1]!);
      const payment = payments.get(key);
      if (method === "GET" && !one[2]) {
        if (payment) return [200, payment];
        const auth = authorizations.get(key);
        if (auth) return [200, { paymentKey: key, orderId: auth.orderId, status: "IN_PROGRESS", totalAmount: auth.amount, currency: "KRW" }];
        return [404, error("NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.")];
      }
      if (method === "POST" && one[2]) {
        if (typeof body.cancelReason !== "string" || !body.cancelReason) return [400, error("INVALID_REQUEST", "취소 사유를 입력해주세요.")];
        if (!payment) return [404, error("NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.")];
        if (payment.status === "CANCELED") return [400, error("ALREADY_CANCELED_PAYMENT", "이미 취소된 결제 입니다.")];
        payment.status = "CANCELED";
        payment.balanceAmount = 0;
        payment.cancels.push({ cancelAmount: payment.totalAmount, cancelReason: body.cancelReason, canceledAt: new Date().toISOString() });
        cancels.push({ paymentKey: key, cancelReason: body.cancelReason });
        return [200, payment];
      }
    }
    return [404, error("NOT_FOUND", `Unknown API (${method} ${path}).`)];
  };

  const checkout = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const back = (target: string | null, params: Record<string, string>) => {
      if (!target || !/^https?:\/\//i.test(target)) return page(res, 400, "<p>successUrl and failUrl must be http(s) URLs.</p>");
      const to = new URL(target);
      for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
      res.writeHead(302, { location: to.toString() });
      res.end();
    };
    const orderId = q.get("orderId") ?? "";
    const amount = Number(q.get("amount"));
    if (q.get("clientKey") !== client_key) return page(res, 401, "<p>Unknown client key.</p>");
    if (!/^[A-Za-z0-9_=-]{6,64}$/.test(orderId) || !Number.isSafeInteger(amount) || amount < 1) return page(res, 400, "<p>Bad orderId or amount.</p>");
    const action = url.pathname.slice("/checkout".length);
    if (action === "/pay") return back(q.get("successUrl"), { paymentKey: authorize(orderId, amount, null, q.get("orderName") ?? ""), orderId, amount: String(amount) });
    if (action === "/refuse") return back(q.get("failUrl"), { ...STANDIN_CARD_REFUSED, orderId });
    if (action === "/cancel") return back(q.get("failUrl"), { ...STANDIN_CANCELED, orderId });
    const link = (to: string, label: string) => `<a role="button" href="/checkout/${to}?${escape(q.toString())}">${label}</a>`;
    return page(res, 200, `<h1>Toss Payments stand-in</h1>
      <p>${escape(q.get("orderName") ?? "")}: <strong data-amount>₩${amount.toLocaleString("en")}</strong></p>
      <p>${link("pay", "Pay")} ${link("refuse", "Card refused")} ${link("cancel", "Cancel")}</p>`);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://standin");
      if (req.method === "GET" && (url.pathname === "/checkout" || url.pathname.startsWith("/checkout/"))) return checkout(url, res);
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer));
      };
      if (req.headers.authorization !== `Basic ${Buffer.from(`${secret_key}:`).toString("base64")}`) {
        return send(401, error("UNAUTHORIZED_KEY", "인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다."));
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, error("INVALID_REQUEST", "잘못된 요청입니다."));
      }
      const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
      const scoped = typeof key === "string" ? `${url.pathname} ${key}` : null;
      const earlier = scoped ? idempotent.get(scoped) : undefined;
      if (earlier) {
        if (earlier.body !== raw) return send(422, error("INVALID_IDEMPOTENCY_KEY", "멱등키가 다른 요청에 사용되었습니다."));
        return send(earlier.status, earlier.answer);
      }
      const [status, answer] = route(req.method ?? "GET", url.pathname, body);
      if (scoped && status < 500) idempotent.set(scoped, { body: raw, status, answer: JSON.parse(JSON.stringify(answer)) });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`, secret_key, client_key, confirms, charges, cancels,
    authorize: (orderId, amount, decline) => authorize(orderId, amount, decline ?? null),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function page(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="ko"><meta charset="utf-8"><title>Toss Payments stand-in</title><body>${body}</body></html>`);
}
