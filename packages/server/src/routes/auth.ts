/**
 * better-auth's endpoints at /api/auth/*, bridged from Fastify to the Fetch API. The client
 * address better-auth rate-limits by comes from Fastify (a header clients cannot set), and
 * refused sign-ins go to the audit log.
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
      const response = await options.auth.handler(toFetchRequest(request, options.publicUrl));
      const path = new URL(request.url, options.publicUrl).pathname;
      if (path.endsWith("/sign-in/email") && response.status >= 400) {
        const email = typeof (request.body as { email?: unknown } | null)?.email === "string" ? (request.body as { email: string }).email : null;
        await audit(app.db, request, {
          event: response.status === 429 ? "sign_in.rate_limited" : "sign_in.failed",
          status: response.status,
          details: { email },
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
