/**
 * What an owner can do to a member, as data (tested alone): the row menu's items, the
 * confirmation texts, and the messages after a change. Demoting yourself and leaving are
 * confirmed first; a change to another member happens at once.
 */
import type { Confirmation } from "../../ui/confirm-dialog";
import type { Member, Role } from "../api/types";
import { ROLE_LABELS, ROLES, withArticle } from "../permissions";

export const memberName = (member: Member) => member.display_name || member.email;

export type MemberChoice = { kind: "role"; role: Role; label: string } | { kind: "remove"; label: string };

/**
 * For owners (`manage`): the other roles ("Make editor"…), then Remove (Leave organization,
 * for yourself). For everyone else: Leave organization on their own row, nothing on others.
 */
export function memberChoices(member: Member, selfId: string, manage = true): MemberChoice[] {
  if (!manage) return member.user_id === selfId ? [{ kind: "remove", label: "Leave organization" }] : [];
  const roles = ROLES.filter((role) => role !== member.role).map((role): MemberChoice => ({ kind: "role", role, label: `Make ${ROLE_LABELS[role].toLowerCase()}` }));
  return [...roles, { kind: "remove", label: member.user_id === selfId ? "Leave organization" : "Remove from organization" }];
}

/** Giving up your own ownership is confirmed: you could not undo it yourself. */
export const roleChangeNeedsConfirm = (member: Member, role: Role, selfId: string) =>
  member.user_id === selfId && member.role === "owner" && role !== "owner";

export function roleChangedMessage(member: Member, role: Role, selfId: string): string {
  return member.user_id === selfId ? `You are now ${withArticle(role)}.` : `${memberName(member)} is now ${withArticle(role)}.`;
}

export function removalConfirmation(member: Member, selfId: string, orgLabel: string): Confirmation {
  if (member.user_id === selfId) {
    return { title: `Leave ${orgLabel}?`, body: `You lose access to its projects and documents. An owner can add you again.`, confirmLabel: "Leave organization" };
  }
  return {
    title: `Remove ${memberName(member)}?`,
    body: `${member.email} loses access to ${orgLabel} and its projects. You can invite them again later.`,
    confirmLabel: "Remove member",
  };
}

export function demotionConfirmation(role: Role, orgLabel: string): Confirmation {
  return {
    title: `Make yourself ${withArticle(role)}?`,
    body: `You will no longer manage members, projects or API keys of ${orgLabel}. Only another owner can make you an owner again.`,
    confirmLabel: `Make me ${withArticle(role)}`,
  };
}
