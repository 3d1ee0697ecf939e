/** @jsxRuntime automatic */
import { useState } from "react";
import { Monitor, Smartphone } from "lucide-react";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { fetchSessions, revokeSessions } from "../api/me";
import type { SessionInfo } from "../api/types";
import { formatFullTime, formatRelativeTime } from "../format-time";
import { deviceName } from "../session/device-name";
import { useResource } from "../session/use-resource";
import { LoadError, RowsSkeleton } from "../shell/page";
import { toastAction } from "../shell/toast-action";

const isPhone = (userAgent: string | null) => /iPhone|Android|Mobile/.test(userAgent ?? "");

/** Where you are signed in: this device first, then the others, each with Sign out. */
export function SessionsSection({ csrf_token }: { csrf_token: string }) {
  const { state, reload } = useResource("sessions", (signal) => fetchSessions(signal));
  const [busy, setBusy] = useState<string | null>(null);

  const revoke = async (session_id?: string) => {
    setBusy(session_id ?? "others");
    await toastAction(async () => {
      const { revoked } = await revokeSessions(session_id ? { session_id } : {}, { csrf_token });
      return session_id ? "That session is signed out." : `${revoked} other ${revoked === 1 ? "session is" : "sessions are"} signed out.`;
    }, reload);
    setBusy(null);
  };

  const sessions = state.status === "ready" ? [...state.data].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader
        id="sessions-title"
        title="Sessions"
        description="Where you are signed in."
        actions={others ? <Button size="sm" loading={busy === "others"} onClick={() => void revoke()}>Sign out other sessions</Button> : null}
      />
      {state.status === "loading" ? (
        <RowsSkeleton rows={2} rowClassName="h-14" />
      ) : state.status === "failed" ? (
        <LoadError message={state.message} onRetry={reload} />
      ) : (
        <ul>
          {sessions.map((session) => <SessionRow key={session.id} session={session} busy={busy === session.id} onRevoke={() => void revoke(session.id)} />)}
        </ul>
      )}
    </Card>
  );
}

function SessionRow({ session, busy, onRevoke }: { session: SessionInfo; busy: boolean; onRevoke: () => void }) {
  const Icon = isPhone(session.user_agent) ? Smartphone : Monitor;
  return (
    <li className="flex h-14 items-center gap-3 border-b border-line px-4 last:border-b-0">
      <Icon aria-hidden="true" strokeWidth={1.75} className="size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">{deviceName(session.user_agent)}</p>
        <p className="truncate text-xs text-muted">
          {session.current ? "Now" : <time dateTime={session.updated_at} title={formatFullTime(session.updated_at)}>Active {formatRelativeTime(session.updated_at)}</time>}
          {session.ip_address ? ` · ${session.ip_address}` : ""}
        </p>
      </div>
      {session.current ? <Badge>This device</Badge> : <Button size="sm" variant="ghost" loading={busy} onClick={onRevoke}>Sign out</Button>}
    </li>
  );
}
