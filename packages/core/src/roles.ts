/**
 * The roles of an organization's members and of project API keys (docs/private-api.md):
 * owners do everything, editors build and edit data, viewers read. The server checks them;
 * the workbench shows what each allows.
 */
export const ROLES = ["owner", "editor", "viewer"] as const;

export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

const RANK: Record<Role, number> = { viewer: 1, editor: 2, owner: 3 };

/** Whether `role` may do what `min` may. */
export const roleAtLeast = (role: Role, min: Role): boolean => RANK[role] >= RANK[min];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", editor: "Editor", viewer: "Viewer" };
