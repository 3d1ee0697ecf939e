/** @jsxRuntime automatic */
/**
 * `connect/database/supabase` of a form (spec 2 §2 and §7; issue 24 item 4): its answers
 * written into a table of a connected database. The owner picks a connection of the project
 * and one of its tables, sees each field beside the column it goes to (each a select, the
 * fit checked as they pick by core's mappingProblems, the same check the server makes), saves
 * (`PUT …/connect/with-x-sb-table`; a refusal is shown in the server's words) or disconnects.
 * Connections themselves are made on the project page (Connected databases).
 */
import { useEffect, useReducer } from "react";
import { READ_ONLY_REASONS, type ConnectionView, type ExternalTable, type FormField } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { Field } from "../../../ui/field";
import { Select } from "../../../ui/select";
import { connectFormTarget, disconnectFormTarget, fetchConnection, fetchConnections, fetchFormTarget } from "../../api/external-databases";
import { messageOf } from "../../api/http";
import { useSession } from "../../session/session-context";
import { useResource } from "../../session/use-resource";
import { LoadError } from "../../shell/page";
import { useBuild } from "../build/build-store";
import { useProjectId } from "../build/field-panel/panel-context";
import { PageBar } from "../form-store-host";
import { SettingCard } from "../settings/settings-controls";
import { draftProblems, formRefusal, initialTargetDraft, tableKey, targetDraftReducer, type TargetDraft } from "./database-state";

export function DatabasePage() {
  const form_id = useBuild((s) => s.working.form_id);
  const fields = useBuild((s) => s.working.fields);
  const readonly = useBuild((s) => s.readonly);
  const project_id = useProjectId() ?? "";
  const csrf_token = useSession().state.me?.csrf_token ?? "";
  const connections = useResource(project_id || null, (signal) => fetchConnections(project_id, signal));
  const target = useResource(form_id, (signal) => fetchFormTarget(form_id, signal));
  const [draft, dispatch] = useReducer(targetDraftReducer, initialTargetDraft);
  const loaded = target.state.status === "ready" ? target.state.data : undefined;
  const saved = loaded ?? null;
  useEffect(() => { if (loaded !== undefined) dispatch({ type: "loaded", target: loaded }); }, [loaded]);
  const connection = useResource(draft.connection_id || null, (signal) => fetchConnection(draft.connection_id, signal));
  const tables = connection.state.status === "ready" ? connection.state.data.tables ?? [] : [];
  const table = tables.find((t) => tableKey(t) === draft.table_key) ?? null;
  const refusal = formRefusal(fields);
  const problems = draftProblems(fields, table, draft.mapping);

  const save = async () => {
    if (!table) return;
    dispatch({ type: "sent" });
    try {
      await connectFormTarget(form_id, { connection_id: draft.connection_id, schema: table.schema, table: table.name, mapping: draft.mapping }, csrf_token);
      dispatch({ type: "saved", notice: `Answers now go to ${tableKey(table)} too.` });
      target.reload();
    } catch (error) {
      dispatch({ type: "refused", message: messageOf(error) });
    }
  };
  const disconnect = async () => {
    dispatch({ type: "sent" });
    try {
      await disconnectFormTarget(form_id, csrf_token);
      dispatch({ type: "saved", notice: "Disconnected: answers stay in this form's own table only." });
      target.reload();
    } catch (error) {
      dispatch({ type: "refused", message: messageOf(error) });
    }
  };

  const failed = [connections.state, target.state].find((s) => s.status === "failed");
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 pb-24">
      <PageBar title="Database" description="Write this form's answers into a table of a connected database." />
      {failed?.status === "failed" ? <LoadError message={failed.message} onRetry={() => { connections.reload(); target.reload(); }} /> : null}
      {connections.state.status === "ready" && target.state.status === "ready" ? (
        <>
          <SettingCard title="Connected table" description="Each answer is kept in the form's own table and inserted into this one, or refused in both.">
            <p className="text-sm text-fg" role="status">
              {saved ? `Connected to ${saved.schema}.${saved.table}.` : "Not connected: answers stay in this form's own table."}
            </p>
            {refusal ? <p role="note" className="text-sm text-danger">{refusal}</p> : null}
            {connections.state.data.length === 0 ? (
              <p className="text-sm text-muted">This project has no connected database yet: connect one on the project page (Connected databases).</p>
            ) : (
              <TablePicker connections={connections.state.data} tables={tables} draft={draft} disabled={readonly || draft.busy || refusal !== null}
                loading={connection.state.status === "loading"} fields={fields} onAction={dispatch} />
            )}
            {connection.state.status === "failed" ? <p role="alert" className="text-sm text-danger">{connection.state.message}</p> : null}
            {table?.read_only ? <p role="note" className="text-sm text-danger">{READ_ONLY_REASONS[table.read_only_reason ?? "view"]}</p> : null}
          </SettingCard>
          {table && !table.read_only ? (
            <SettingCard title="Column mapping" description="Each field goes to the column chosen beside it; a field left on “Not sent” stays in the form's own table only.">
              <MappingTable fields={fields} table={table} mapping={draft.mapping} disabled={readonly || draft.busy || refusal !== null}
                onColumn={(field_id, column) => dispatch({ type: "column", field_id, column })} />
              {problems.length ? (
                <ul aria-label="Mapping problems" className="grid list-disc gap-1 pl-5 text-sm text-danger">
                  {problems.map((p) => <li key={p}>{p}</li>)}
                </ul>
              ) : null}
            </SettingCard>
          ) : null}
          {draft.refusal ? <p role="alert" className="text-sm text-danger">{draft.refusal}</p> : null}
          {draft.notice ? <p role="status" className="text-sm text-fg">{draft.notice}</p> : null}
          <div className="flex gap-2">
            <Button variant="primary" loading={draft.busy} disabled={readonly || !table || table.read_only || refusal !== null} onClick={() => void save()}>
              {saved ? "Save mapping" : "Connect table"}
            </Button>
            {saved ? <Button disabled={readonly || draft.busy} onClick={() => void disconnect()}>Disconnect</Button> : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

function TablePicker({ connections, tables, draft, disabled, loading, fields, onAction }: {
  connections: ConnectionView[]; tables: ExternalTable[]; draft: TargetDraft; disabled: boolean; loading: boolean; fields: FormField[];
  onAction: (action: Parameters<typeof targetDraftReducer>[1]) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Connection">
        {(p) => (
          <Select {...p} value={draft.connection_id} disabled={disabled} onChange={(e) => onAction({ type: "connection", connection_id: e.target.value })}>
            <option value="">Choose a connection</option>
            {connections.map((c) => <option key={c.id} value={c.id}>{`${c.database} on ${c.host}`}</option>)}
          </Select>
        )}
      </Field>
      <Field label="Table">
        {(p) => (
          <Select {...p} value={draft.table_key} disabled={disabled || loading || !draft.connection_id}
            onChange={(e) => onAction({ type: "table", table_key: e.target.value, table: tables.find((t) => tableKey(t) === e.target.value) ?? null, fields })}>
            <option value="">{loading ? "Reading the tables…" : "Choose a table"}</option>
            {tables.map((t) => (
              <option key={tableKey(t)} value={tableKey(t)} disabled={t.read_only}>{t.read_only ? `${tableKey(t)} (read only)` : tableKey(t)}</option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

function MappingTable({ fields, table, mapping, disabled, onColumn }: {
  fields: FormField[]; table: ExternalTable; mapping: Record<string, string>; disabled: boolean; onColumn: (field_id: string, column: string) => void;
}) {
  const writable = table.columns.filter((c) => !c.generated);
  return (
    <table className="w-full text-left text-sm" aria-label="Column mapping">
      <thead className="text-xs text-muted">
        <tr><th className="py-1 font-medium">Field</th><th className="py-1 font-medium">Column</th></tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.id} className="border-t border-line">
            <td className="py-2 pr-3 align-middle"><span className="font-mono">{field.name}</span> <span className="text-xs text-muted">{field.type}</span></td>
            <td className="py-2">
              <Select aria-label={`Column for ${field.name}`} value={mapping[field.id] ?? ""} disabled={disabled} onChange={(e) => onColumn(field.id, e.target.value)}>
                <option value="">Not sent</option>
                {writable.map((c) => <option key={c.name} value={c.name}>{`${c.name} (${c.format}${!c.nullable && c.default === null ? ", required" : ""})`}</option>)}
              </Select>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
