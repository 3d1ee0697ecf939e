/** Helpers for tests of the private API: sign up through better-auth, call with cookie and CSRF token. */
import { CSRF_HEADER } from "@fieldwork/core";
import type { FastifyInstance, InjectOptions } from "fastify";

export const ORIGIN = "http://localhost:3000";

export interface Member { email: string; cookie: string; csrf: string; user_id: string }

export function cookieFrom(setCookie: string | string[] | undefined): string {
  return [setCookie ?? []].flat().map((c) => c.split(";")[0]).join("; ");
}

export async function signUp(app: FastifyInstance, email: string, password = "correct horse battery", remoteAddress = "10.0.0.1"): Promise<Member> {
  const response = await app.inject({
    method: "POST", url: "/api/auth/sign-up/email", remoteAddress,
    headers: { origin: ORIGIN, "content-type": "application/json" },
    payload: { email, password, name: email.split("@")[0] },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieFrom(response.headers["set-cookie"]);
  const me = await app.inject({ method: "GET", url: "/private/editor/me", headers: { cookie } });
  const data = me.json().data;
  return { email, cookie, csrf: data.csrf_token, user_id: data.user.id };
}

export function as(app: FastifyInstance, member: Member | { bearer: string } | null) {
  return (method: InjectOptions["method"], url: string, payload?: unknown) => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (member && "bearer" in member) headers.authorization = `Bearer ${member.bearer}`;
    else if (member) Object.assign(headers, { cookie: member.cookie, [CSRF_HEADER]: member.csrf });
    return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
}

/** An owner invites `member` by email with `role`, and `member` accepts (nobody is added without saying yes). */
export async function joinOrganization(app: FastifyInstance, owner: Member, organizationId: string, member: Member, role: string): Promise<void> {
  const invited = await as(app, owner)("POST", `/private/editor/organizations/${organizationId}/members`, { email: member.email, role });
  if (invited.statusCode !== 202) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const mine = (await as(app, member)("GET", "/private/editor/me/invitations")).json().data as { id: string; organization: { id: string } }[];
  const invitation = mine.find((i) => i.organization.id === organizationId);
  if (!invitation) return; // already a member: the call changed the role
  const accepted = await as(app, member)("POST", `/private/editor/me/invitations/${invitation.id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
}
