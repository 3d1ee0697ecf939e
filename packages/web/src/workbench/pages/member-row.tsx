/** @jsxRuntime automatic */
import { Eye, LogOut, PenLine, ShieldCheck, UserMinus, type LucideIcon } from "lucide-react";
import { Badge } from "../../ui/badge";
import { RowMenu } from "../../ui/row-menu";
import type { Member, Role } from "../api/types";
import { ROLE_LABELS } from "../permissions";
import { initialsOf } from "../shell/initials";
import { memberChoices, memberName, type MemberChoice } from "./member-actions";

const ROLE_ICONS: Record<Role, LucideIcon> = { owner: ShieldCheck, editor: PenLine, viewer: Eye };

/** One member: avatar, name and email, role badge; owners get a menu (role, remove), and everyone one to leave on their own row. */
export function MemberRow(props: { member: Member; selfId: string; manage: boolean; onChoose: (member: Member, choice: MemberChoice) => void }) {
  const { member, selfId } = props;
  const self = member.user_id === selfId;
  return (
    <li className="flex h-14 items-center gap-3 border-b border-line px-4 last:border-b-0">
      <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-selected text-xs font-medium">{initialsOf(member.display_name, member.email)}</span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">
          {memberName(member)}
          {self ? <span className="font-normal text-muted"> (you)</span> : null}
        </p>
        <p className="truncate text-xs text-muted">{member.email}</p>
      </div>
      <Badge>{ROLE_LABELS[member.role]}</Badge>
      {props.manage || self ? (
        <RowMenu
          label={`Actions for ${memberName(member)}`}
          items={memberChoices(member, selfId, props.manage).map((choice) => ({
            label: choice.label,
            icon: choice.kind === "role" ? ROLE_ICONS[choice.role] : self ? LogOut : UserMinus,
            tone: choice.kind === "remove" ? "danger" : undefined,
            onSelect: () => props.onChoose(member, choice),
          }))}
        />
      ) : null}
    </li>
  );
}
