/**
 * better-auth's endpoints at /api/auth/*, bridged from Fastify to the Fetch API. The client
 * address better-auth rate-limits by comes from Fastify (a header clients cannot set);
 * failed sign-ins are also counted per account (auth/sign-in-backoff.ts), whatever the
 * address; refused sign-ins (their email only when it is well formed) and every password
 * change attempt go to the audit log.
 */
import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { FieldworkError, issuesText, LIMITS } from "@fieldwork/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Auth } from "../auth/better-auth";
import { audit } from "../auth/audit";
import { auditableEmail } from "../auth/redact";
import { clearSignInFailures, recordSignInFailure, signInLockedFor } from "../auth/sign-in-backoff";

const CLIENT_IP_HEADER = "x-fieldwork-client-ip";

export function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || name === "content-length") continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    ...(hasBody ? { body: typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? {}) } : {}),
  });
}

/**
 * The better-auth endpoints the workbench uses, and their bodies. Every other path of
 * better-auth answers 404: `get-session` and `list-sessions` hand out raw session tokens,
 * `update-user` would store a name or image of any size; the private API (`/me`) covers
 * what the app needs of them.
 */
const Email = z.string().max(254);
const Password = z.string().max(256);
const ENDPOINTS: Record<string, z.ZodType> = {
  "/api/auth/sign-up/email": z.strictObject({ email: Email, password: Password, name: z.string().max(LIMITS.display_name_length) }),
  "/api/auth/sign-in/email": z.object({ email: Email, password: Password }).loose(),
  "/api/auth/sign-out": z.object({}).loose(),
  "/api/auth/change-password": z.object({ currentPassword: Password, newPassword: Password }).loose(),
};
/** An account request is a few hundred bytes; nothing larger is read. */
const AUTH_BODY_LIMIT = 16 * 1024;

/** A better-auth JSON answer without session tokens (the session lives in the HTTP-only cookie). */
export function withoutTokens(body: Buffer, contentType: string | null): Buffer {
  if (!contentType?.includes("application/json") || body.length === 0) return body;
  try {
    return Buffer.from(JSON.stringify(JSON.parse(body.toString("utf8")), (key, value: unknown) => (key === "token" ? undefined : value)));
  } catch {
    return body;
  }
}

type SignUpBody = { email: string; password: string; name: string };

/**
 * A sign-up with an address that has an account answers like a new sign-up (200, the same
 * `{ user }` shape, a made-up id), after the same password hashing, so the call does not
 * tell who has an account. No session comes with it: the browser is sent to sign in.
 */
async function sameAsNewAccount(response: Response, body: SignUpBody): Promise<Response> {
  const answer = await response.clone().json().catch(() => null) as { code?: string } | null;
  if (answer?.code !== "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return response;
  await hash(body.password);
  const now = new Date().toISOString();
  // better-auth's own key order.
  const user = { name: body.name, email: body.email.toLowerCase(), emailVerified: false, image: null, createdAt: now, updatedAt: now, id: randomUUID() };
  return new Response(JSON.stringify({ token: null, user }), { status: 200, headers: { "content-type": "application/json" } });
}

export async function authRoutes(app: FastifyInstance, options: { auth: Auth; publicUrl: string }): Promise<void> {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    bodyLimit: AUTH_BODY_LIMIT,
    async handler(request, reply) {
      const path = new URL(request.url, options.publicUrl).pathname;
      const schema = request.method === "POST" ? ENDPOINTS[path] : undefined;
      if (!schema) throw new FieldworkError("NOT_FOUND");
      const parsed = schema.safeParse(request.body ?? {});
      if (!parsed.success) throw new FieldworkError("MALFORMED_REQUEST", issuesText(parsed.error.issues));
      const signingIn = path.endsWith("/sign-in/email");
      const email = signingIn ? (parsed.data as { email: string }).email : "";
      if (signingIn) {
        const wait = await signInLockedFor(app.db, email);
        if (wait > 0) {
          await audit(app.db, request, { event: "sign_in.locked", status: 429, details: auditableEmail(email) });
          reply.header("retry-after", String(wait));
          throw new FieldworkError("SIGN_IN_LOCKED", `Too many failed sign-ins for this account. Try again in ${wait} s.`);
        }
      }
      const fetchRequest = toFetchRequest(request, options.publicUrl);
      const changingPassword = path.endsWith("/change-password");
      // Who changes their password, read before the change revokes the session.
      const user_id = changingPassword ? (await options.auth.api.getSession({ headers: fetchRequest.headers }))?.user.id ?? null : null;
      let response = await options.auth.handler(fetchRequest);
      if (path.endsWith("/sign-up/email") && response.status === 422) response = await sameAsNewAccount(response, parsed.data as SignUpBody);
      if (signingIn && response.status === 401) await recordSignInFailure(app.db, email);
      if (signingIn && response.ok) await clearSignInFailures(app.db, email);
      if (signingIn && response.status >= 400) {
        await audit(app.db, request, {
          event: response.status === 429 ? "sign_in.rate_limited" : "sign_in.failed",
          status: response.status,
          details: auditableEmail(email),
        });
      }
      if (changingPassword) {
        await audit(app.db, request, {
          user_id,
          event: response.status === 429 ? "password_change.rate_limited" : response.status >= 400 ? "password_change.failed" : "password_change.succeeded",
          status: response.status,
        });
      }
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      return reply.send(withoutTokens(Buffer.from(await response.arrayBuffer()), response.headers.get("content-type")));
    },
  });
}
