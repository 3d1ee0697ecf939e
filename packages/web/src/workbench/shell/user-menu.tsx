/** @jsxRuntime automatic */
import { LayoutGrid, LogOut, UserRound } from "lucide-react";
import { Menu } from "../../ui/menu";
import { signOut } from "../api/auth";
import { messageOf } from "../api/http";
import type { Me } from "../api/types";
import { navigate } from "../router/history";
import { ACCOUNT_PATH, SIGN_IN_PATH } from "../router/routes";
import { useSession } from "../session/session-context";
import { toast } from "./toast-store";
import { initialsOf } from "./initials";

export function Avatar({ label }: { label: string }) {
  return <span className="grid size-8 place-items-center rounded-full bg-selected text-xs font-medium text-fg">{label}</span>;
}

/** The avatar button in the header: who is signed in, and Sign out. */
export function UserMenu({ me }: { me: Me }) {
  const { reset } = useSession();
  const name = me.profile?.display_name || me.user.name || me.user.email;
  const initials = initialsOf(name, me.user.email);
  const onSignOut = async () => {
    try {
      await signOut();
      reset();
      navigate(SIGN_IN_PATH);
    } catch (error) {
      toast.error(`Could not sign out: ${messageOf(error)}`);
    }
  };
  return (
    <Menu
      // The name starts with the visible initials, so speech input ("click AL") finds the button.
      label={`${initials}, account`}
      button={<Avatar label={initials} />}
      buttonClassName="rounded-full"
      header={
        <>
          <p className="truncate text-sm font-medium text-fg">{name}</p>
          <p className="truncate text-xs text-muted">{me.user.email}</p>
        </>
      }
      items={[
        { label: "All organizations", icon: LayoutGrid, onSelect: () => navigate("/") },
        { label: "Account settings", icon: UserRound, onSelect: () => navigate(ACCOUNT_PATH) },
        { label: "Sign out", icon: LogOut, onSelect: () => void onSignOut() },
      ]}
    />
  );
}
