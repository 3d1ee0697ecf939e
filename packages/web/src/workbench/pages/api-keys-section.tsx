/** @jsxRuntime automatic */
import { useState } from "react";
import { KeyRound, Plus, Trash2 } from "lucide-react";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { EmptyState } from "../../ui/empty-state";
import { fetchApiKeys, revokeApiKey } from "../api/api-keys";
import type { ApiKey, ProjectRef } from "../api/types";
import { formatFullTime, formatRelativeTime } from "../format-time";
import { ROLE_LABELS } from "../permissions";
import { useResource } from "../session/use-resource";
import { LoadError, RowsSkeleton } from "../shell/page";
import { NewApiKeyDialog } from "./new-api-key-dialog";
import { toastAction } from "../shell/toast-action";

const HEAD = "h-9 px-4 text-left text-xs font-medium text-muted";
const CELL = "h-11 px-4";

function When({ iso, never = "Never" }: { iso: string | null; never?: string }) {
  return iso ? <time dateTime={iso} title={formatFullTime(iso)}>{formatRelativeTime(iso)}</time> : <span className="text-faint">{never}</span>;
}

const STATUS_LABELS = { expired: "Expired", creator_gone: "Inactive" } as const;
const STATUS_HINTS = {
  expired: "This key has expired and answers 401.",
  creator_gone: "The member who made this key left the organization or lost its role: the key answers 401.",
} as const;

/** Who made the key: a key acts for its maker. */
function makerOf(key: ApiKey): string {
  if (!key.created_by) return "A deleted account";
  return key.created_by.display_name || key.created_by.email || "A member";
}

function KeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <thead className="border-b border-line bg-subtle/60">
        <tr>
          <th scope="col" className={HEAD}>Name</th>
          <th scope="col" className={`${HEAD} w-24 sm:w-28`}>Role</th>
          <th scope="col" className={`${HEAD} hidden w-32 sm:table-cell`}>Key</th>
          <th scope="col" className={`${HEAD} hidden w-40 md:table-cell`}>Created by</th>
          <th scope="col" className={`${HEAD} hidden w-40 md:table-cell`}>Created</th>
          <th scope="col" className={`${HEAD} hidden w-36 sm:table-cell`}>Expires</th>
          <th scope="col" className={`${HEAD} hidden w-40 sm:table-cell`}>Last used</th>
          <th scope="col" className="w-14"><span className="sr-only">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} className="border-b border-line last:border-b-0">
            <td className={`${CELL} truncate font-medium text-fg`}>
              {key.name}
              {key.status !== "active" && <span title={STATUS_HINTS[key.status]}><Badge className="ml-2">{STATUS_LABELS[key.status]}</Badge></span>}
            </td>
            <td className={CELL}><Badge>{ROLE_LABELS[key.role]}</Badge></td>
            <td className={`${CELL} hidden truncate font-mono text-xs text-muted sm:table-cell`}>{key.prefix}…</td>
            <td className={`${CELL} hidden truncate text-muted md:table-cell`}>{makerOf(key)}</td>
            <td className={`${CELL} hidden truncate text-muted md:table-cell`}><When iso={key.created_at} /></td>
            <td className={`${CELL} hidden truncate text-muted sm:table-cell`}>{key.expires_at ? <When iso={key.expires_at} /> : <span className="text-faint">Never</span>}</td>
            <td className={`${CELL} hidden truncate text-muted sm:table-cell`}><When iso={key.last_used_at} /></td>
            <td className="h-11 pr-3 text-right">
              <Button variant="ghost" size="icon" aria-label={`Revoke ${key.name}`} title="Revoke" onClick={() => onRevoke(key)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A project's API keys (owners only): list, create (the token is shown once), revoke. */
export function ApiKeysSection({ project, csrf_token }: { project: ProjectRef; csrf_token: string }) {
  const { state, reload } = useResource(project.id, (signal) => fetchApiKeys(project.id, signal));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = (key: ApiKey) => toastAction(async () => {
    await revokeApiKey(project.id, key.id, { csrf_token });
    return `API key “${key.name}” was revoked.`;
  }, reload);
  const create = <Button size="sm" onClick={() => setCreating(true)}><Plus aria-hidden="true" />New API key</Button>;
  return (
    <Card aria-labelledby="api-keys-title" className="overflow-hidden">
      <CardHeader id="api-keys-title" title="API keys" description="Scripts and the CLI use a key to act on this project with one role." actions={create} />
      {state.status === "loading" ? (
        <RowsSkeleton rows={1} />
      ) : state.status === "failed" ? (
        <LoadError message={state.message} onRetry={reload} />
      ) : state.data.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys yet" className="py-8">Only owners see and manage this project’s keys.</EmptyState>
      ) : (
        <KeysTable keys={state.data} onRevoke={setRevoking} />
      )}
      <NewApiKeyDialog open={creating} onClose={() => setCreating(false)} project={project} csrf_token={csrf_token} onCreated={reload} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke key"
        danger
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
      >
        Scripts using this key stop working at once. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
