/**
 * The workbench's routes, read from a pathname (pure, tested alone):
 *
 *   /sign-in, /sign-up                       accounts
 *   /                                        your organizations
 *   /account                                 your profile and password
 *   /invite/{token}                          an invitation link to an organization
 *   /{org}                                   an organization: projects, members
 *   /{org}/{project}                         a project's documents
 *   /{org}/{project}/{document_id}/{suffix}  the editor (core's parseEditorRoute)
 *
 * Organization and project names are slugs that can never be `sign-in`, `d`, `api`… (core's
 * RESERVED_SLUGS), so these shapes do not collide with the server's other paths.
 */
import { parseEditorRoute, slugProblem, type EditorRoute } from "@fieldwork/core";

export type Route =
  | { name: "sign-in" }
  | { name: "sign-up" }
  | { name: "home" }
  | { name: "account" }
  | { name: "invite"; token: string }
  | { name: "organization"; org: string }
  | { name: "project"; org: string; project: string }
  | { name: "editor"; editor: EditorRoute & { org: string; project: string } }
  | { name: "not-found" };

export const SIGN_IN_PATH = "/sign-in";
export const SIGN_UP_PATH = "/sign-up";
export const ACCOUNT_PATH = "/account";
/** Pages shown to signed-out visitors; every other route needs a session. */
export const AUTH_PATHS: readonly string[] = [SIGN_IN_PATH, SIGN_UP_PATH];

function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.split(/[?#]/)[0]!.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): Route {
  const parts = segmentsOf(pathname);
  if (!parts) return { name: "not-found" };
  const clean = `/${parts.join("/")}`;
  if (clean === SIGN_IN_PATH) return { name: "sign-in" };
  if (clean === SIGN_UP_PATH) return { name: "sign-up" };
  if (clean === ACCOUNT_PATH) return { name: "account" };
  if (parts.some((part) => part.includes("/"))) return { name: "not-found" };
  const [org, project] = parts;
  if (org === "invite" && project !== undefined && parts.length === 2) return { name: "invite", token: project };
  if (org === undefined) return { name: "home" };
  if (slugProblem(org)) return { name: "not-found" };
  if (project === undefined) return { name: "organization", org };
  if (slugProblem(project)) return { name: "not-found" };
  if (parts.length === 2) return { name: "project", org, project };
  const editor = parseEditorRoute(pathname);
  if (!editor) return { name: "not-found" };
  return { name: "editor", editor: { ...editor, org, project } };
}

/** Whether signing in or up leads on to an invitation link (the pages say so). */
export const leadsToInvitation = (next: string | null | undefined) => safeNextPath(next).startsWith("/invite/");

export const isAuthRoute = (route: Route) => route.name === "sign-in" || route.name === "sign-up";

export const organizationPath = (org: string) => `/${encodeURIComponent(org)}`;
export const projectPath = (org: string, project: string) => `/${encodeURIComponent(org)}/${encodeURIComponent(project)}`;

/**
 * Where to go after signing in: `next` when it is a path of this site, `/` otherwise (no
 * `//evil.example`, no `https://…`, no `javascript:`).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  if (AUTH_PATHS.some((path) => next === path || next.startsWith(`${path}?`) || next.startsWith(`${path}/`))) return "/";
  return next;
}

/** `/sign-in?next=…` (or `/sign-up?next=…`) for the page to come back to; plain when that is `/`. */
export function authPath(path: typeof SIGN_IN_PATH | typeof SIGN_UP_PATH, next: string | null | undefined): string {
  const target = safeNextPath(next);
  return target === "/" ? path : `${path}?next=${encodeURIComponent(target)}`;
}
