/** @jsxRuntime automatic */
/**
 * Above a schema table's grid: its name, Add column, Definition & API, and Delete table,
 * which asks for the table's name typed as confirmation (spec 2 §7 `user_confirmation_txt`).
 */
import { useState, type FormEvent } from "react";
import { Button, buttonClass } from "../../../../ui/button";
import { Dialog } from "../../../../ui/dialog";
import { Field } from "../../../../ui/field";
import { Input } from "../../../../ui/input";
import { messageOf } from "../../../api/http";
import { addSchemaColumn, announceSchemaTables, changeSchemaColumn, deleteSchemaTable, type SchemaTable } from "../../../api/schema-tables";
import { Select } from "../../../../ui/select";
import { attributeOfDraft, changedAttribute, draftOfAttribute, emptyColumn } from "./column-draft";
import { ColumnFields } from "./column-fields";
import { referenceKeys } from "./new-table-page";

interface TableActionsProps {
  schema_id: string;
  table: SchemaTable;
  tables: SchemaTable[];
  definitionHref: string;
  canEdit: boolean;
  csrf_token: string;
  onChanged(): void;
  onDeleted(): void;
}

export function TableActions(props: TableActionsProps) {
  const [dialog, setDialog] = useState<"column" | "change" | "delete" | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2">
      <h2 className="mr-auto font-mono text-sm font-semibold">{props.table.name}</h2>
      <a className={buttonClass({ variant: "ghost", size: "sm" })} href={props.definitionHref}>Definition &amp; API</a>
      {props.canEdit ? (
        <>
          <Button size="sm" variant="secondary" onClick={() => setDialog("column")}>Add column</Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog("change")}>Change column</Button>
          <Button size="sm" variant="danger" onClick={() => setDialog("delete")}>Delete table</Button>
        </>
      ) : null}
      <AddColumnDialog {...props} open={dialog === "column"} onClose={() => setDialog(null)} />
      <DeleteTableDialog {...props} open={dialog === "delete"} onClose={() => setDialog(null)} />
      {dialog === "change" ? <ChangeColumnDialog {...props} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/**
 * A dialog's form submit: `action` runs once per submit with the button busy, and a refusal
 * is shown as the server's message (cleared by the next submit or `setError(null)`).
 */
function useDialogSubmit(action: () => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(false);
    }
  };
  return { error, setError, pending, submit };
}

function AddColumnDialog(props: TableActionsProps & { open: boolean; onClose(): void }) {
  const [draft, setDraft] = useState(emptyColumn);
  const { error, pending, submit } = useDialogSubmit(async () => {
    await addSchemaColumn(props.schema_id, props.table.id, attributeOfDraft(draft), { csrf_token: props.csrf_token });
    setDraft(emptyColumn());
    props.onClose();
    props.onChanged();
  });
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Add column" description={`A new column of ${props.table.name}; existing rows take its default.`} className="max-w-2xl">
      <form className="grid gap-4" onSubmit={submit}>
        <ColumnFields draft={draft} label="New column" keys={referenceKeys(props.tables.filter((t) => t.id !== props.table.id))} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
        {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={pending}>Add column</Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteTableDialog(props: TableActionsProps & { open: boolean; onClose(): void }) {
  const [typed, setTyped] = useState("");
  const { error, pending, submit } = useDialogSubmit(async () => {
    await deleteSchemaTable(props.schema_id, props.table.id, typed, { csrf_token: props.csrf_token });
    announceSchemaTables();
    props.onClose();
    props.onDeleted();
  });
  return (
    <Dialog open={props.open} onClose={props.onClose} role="alertdialog" title={`Delete the table ${props.table.name}?`}
      description="Its rows are deleted for good; the Data API will no longer serve it.">
      <form className="grid gap-4" onSubmit={submit}>
        <Field label={`Type ${props.table.name} to confirm`} error={error}>
          {(p) => <Input {...p} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="danger" loading={pending} disabled={typed !== props.table.name}>Delete table</Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Rename, retype or re-constrain one column. A type change keeps every value or does not
 * happen: the server's refusal names the rows that would not convert, shown here as it came.
 */
function ChangeColumnDialog(props: TableActionsProps & { onClose(): void }) {
  const columns = props.table.attributes;
  const [chosen, setChosen] = useState(() => columns.find((a) => !a.primary_key)?.name ?? columns[0]!.name);
  const attr = columns.find((a) => a.name === chosen)!;
  const [draft, setDraft] = useState(() => draftOfAttribute(attr));
  const { error, setError, pending, submit } = useDialogSubmit(async () => {
    await changeSchemaColumn(props.schema_id, props.table.id, attr.name, changedAttribute(attr, draft), { csrf_token: props.csrf_token });
    props.onClose();
    props.onChanged();
  });
  const choose = (name: string) => {
    setChosen(name);
    setDraft(draftOfAttribute(columns.find((a) => a.name === name)!));
    setError(null);
  };
  return (
    <Dialog open onClose={props.onClose} title="Change column" description="Rename it, change its type or its rules. Values that would not convert refuse the change." className="max-w-2xl">
      <form className="grid gap-4" onSubmit={submit}>
        <Field label="Column">
          {(p) => (
            <Select {...p} value={chosen} onChange={(e) => choose(e.target.value)}>
              {columns.map((a) => <option key={a.id} value={a.name}>{a.name}</option>)}
            </Select>
          )}
        </Field>
        <ColumnFields draft={draft} label="Changed column" keys={referenceKeys(props.tables.filter((t) => t.id !== props.table.id))} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
        {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={pending}>Save column</Button>
        </div>
      </form>
    </Dialog>
  );
}
