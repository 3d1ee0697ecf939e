/** @jsxRuntime automatic */
/**
 * A project's connected databases (issue 24; docs/databases.md): connect a `postgres://` URL
 * (editors), see each connection masked (host, database, user; never the password), its
 * tables with what makes one read only, and open a table in the data workbench's grid
 * (editor/data/external-table-view.tsx).
 */
import { lazy, Suspense, useState } from "react";
import { READ_ONLY_REASONS, type ConnectionView, type ExternalTable } from "@fieldwork/core";
import { createConnection, fetchConnection, fetchConnections, refreshConnection } from "../../api/external-databases";
import { messageOf } from "../../api/http";
import { useResource } from "../../session/use-resource";
import { LoadError } from "../../shell/page";
import { Button } from "../../../ui/button";
import { Card, CardHeader } from "../../../ui/card";
import { Input } from "../../../ui/input";

/** The data workbench's grid, loaded when a table opens (it is data mode's chunk, not the project page's). */
const ExternalTableView = lazy(() => import("../../editor/data/external-table-view"));

export function DatabasesSection({ project_id, canEdit, csrf_token }: { project_id: string; canEdit: boolean; csrf_token: string }) {
  const { state, reload } = useResource(`x:${project_id}`, (signal) => fetchConnections(project_id, signal));
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<ConnectionView | null>(null);
  const [table, setTable] = useState<ExternalTable | null>(null);

  const connect = async () => {
    setBusy(true);
    try {
      const created = await createConnection(project_id, url, csrf_token);
      setUrl("");
      setError(null);
      setOpen(created);
      reload();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  const show = async (connection: ConnectionView) => {
    setTable(null);
    try {
      setOpen(await fetchConnection(connection.id));
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const refresh = async () => {
    if (!open) return;
    try {
      setOpen(await refreshConnection(open.id, csrf_token));
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  return (
    <Card aria-labelledby="databases-title" className="grid gap-4 p-4">
      <CardHeader id="databases-title" title="Connected databases" description="PostgreSQL or Supabase databases of your own, browsed and edited here. The password is stored encrypted and never shown." />
      {canEdit ? (
        <form className="flex flex-wrap gap-2" onSubmit={(event) => { event.preventDefault(); void connect(); }}>
          <Input aria-label="Connection URL" placeholder="postgres://user:password@host:5432/database" value={url} type="password"
            autoComplete="off" className="min-w-80 flex-1" onChange={(event) => setUrl(event.target.value)} />
          <Button type="submit" variant="primary" loading={busy} disabled={!url}>Connect</Button>
        </form>
      ) : null}
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      {state.status === "failed" ? <LoadError message={state.message} onRetry={reload} /> : null}
      {state.status === "ready" ? (
        <ul className="flex flex-wrap gap-2" aria-label="Connections">
          {state.data.map((c) => (
            <li key={c.id}>
              <Button size="sm" variant={open?.id === c.id ? "primary" : "secondary"} onClick={() => void show(c)}>
                {c.user}@{c.host}/{c.database}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <section aria-label={`Tables of ${open.database}`} className="grid grid-cols-1 gap-3">
          <div className="flex items-center gap-2">
            <h3 className="text-sm font-medium">Tables of {open.user}@{open.host}/{open.database}</h3>
            {canEdit ? <Button size="sm" onClick={() => void refresh()}>Refresh schema</Button> : null}
          </div>
          <ul className="flex flex-wrap gap-2" aria-label="Tables">
            {(open.tables ?? []).map((t) => (
              <li key={`${t.schema}.${t.name}`}>
                <Button size="sm" variant={table?.name === t.name && table.schema === t.schema ? "primary" : "ghost"} onClick={() => setTable(t)}
                  title={t.read_only_reason ? READ_ONLY_REASONS[t.read_only_reason] : undefined}>
                  {t.schema === "public" ? t.name : `${t.schema}.${t.name}`}
                  {t.read_only ? <span className="ml-1 text-xs">(read only)</span> : null}
                </Button>
              </li>
            ))}
          </ul>
          {table ? (
            <Suspense fallback={<div className="h-[70vh]" aria-busy="true" />}>
              <ExternalTableView key={`${open.id}:${table.schema}.${table.name}`} connection_id={open.id} project_id={project_id}
                table={table} canEdit={canEdit} csrf_token={csrf_token} />
            </Suspense>
          ) : null}
        </section>
      ) : null}
    </Card>
  );
}
