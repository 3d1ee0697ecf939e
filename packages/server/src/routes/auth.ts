/**
 * better-auth's endpoints at /api/auth/*, bridged from Fastify to the Fetch API. The client
 * address better-auth rate-limits by comes from Fastify (a header clients cannot set);
 * refused sign-ins and every password change attempt go to the audit log.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Auth } from "../auth/better-auth";
import { audit } from "../auth/audit";

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

export async function authRoutes(app: FastifyInstance, options: { auth: Auth; publicUrl: string }): Promise<void> {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      const fetchRequest = toFetchRequest(request, options.publicUrl);
      const path = new URL(request.url, options.publicUrl).pathname;
      const changingPassword = path.endsWith("/change-password");
      // Who changes their password, read before the change revokes the session.
      const user_id = changingPassword ? (await options.auth.api.getSession({ headers: fetchRequest.headers }))?.user.id ?? null : null;
      const response = await options.auth.handler(fetchRequest);
      if (path.endsWith("/sign-in/email") && response.status >= 400) {
        const email = typeof (request.body as { email?: unknown } | null)?.email === "string" ? (request.body as { email: string }).email : null;
        await audit(app.db, request, {
          event: response.status === 429 ? "sign_in.rate_limited" : "sign_in.failed",
          status: response.status,
          details: { email },
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
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}
