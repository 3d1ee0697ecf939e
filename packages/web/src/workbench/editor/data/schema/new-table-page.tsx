/** @jsxRuntime automatic */
/**
 * `data/table/~new`: a table's name and its columns. The key `id` (a uuid made by the
 * database) is added unless a column is the key; a reference offers the keys and unique
 * columns of the schema's other tables.
 */
import { useState, type FormEvent } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../../ui/button";
import { Field } from "../../../../ui/field";
import { Input } from "../../../../ui/input";
import { messageOf } from "../../../api/http";
import { announceSchemaTables, createSchemaTable, type SchemaTable } from "../../../api/schema-tables";
import { PageBody, PageHeader } from "../../../shell/page";
import { attributeOfDraft, emptyColumn, type ColumnDraft } from "./column-draft";
import { ColumnFields } from "./column-fields";

/** `table.column` of every key or unique column of the schema. */
export const referenceKeys = (tables: readonly SchemaTable[]) =>
  tables.flatMap((t) => t.attributes.filter((a) => a.primary_key || a.unique).map((a) => `${t.name}.${a.name}`));

export function NewTablePage(props: { schema_id: string; tables: SchemaTable[]; canEdit: boolean; csrf_token: string; onCreated(table: SchemaTable): void }) {
  const [name, setName] = useState("");
  const [columns, setColumns] = useState<ColumnDraft[]>([{ ...emptyColumn(), name: "name" }]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const change = (n: number, patch: Partial<ColumnDraft>) => setColumns((cs) => cs.map((c, i) => (i === n ? { ...c, ...patch } : c)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const attributes = columns.filter((c) => c.name.trim()).map(attributeOfDraft);
      const table = await createSchemaTable(props.schema_id, { name: name.trim(), attributes }, { csrf_token: props.csrf_token });
      announceSchemaTables();
      props.onCreated(table);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(false);
    }
  };
  if (!props.canEdit) {
    return <PageBody><PageHeader title="New table" description="Viewers cannot make tables; ask an editor or owner of this organization." /></PageBody>;
  }
  return (
    <PageBody>
      <PageHeader title="New table" description="Each table gets an id column (a uuid) unless a column is its key. Rows are read and written in the grid and the Data API." />
      <form className="grid max-w-3xl gap-6" onSubmit={submit} aria-label="New table">
        <Field label="Table name" hint="Lowercase letters, digits and underscores, starting with a letter." error={error}>
          {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" spellCheck={false} required />}
        </Field>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-medium">Columns</legend>
          {columns.map((column, n) => (
            <div key={n} className="flex items-start gap-2 rounded-md border border-line p-3">
              <div className="min-w-0 flex-1">
                <ColumnFields draft={column} label={`Column ${n + 1}`} keys={referenceKeys(props.tables)} onChange={(patch) => change(n, patch)} />
              </div>
              <Button variant="ghost" size="icon" aria-label={`Remove column ${n + 1}`} onClick={() => setColumns((cs) => cs.filter((_, i) => i !== n))}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ))}
          <div>
            <Button variant="secondary" onClick={() => setColumns((cs) => [...cs, emptyColumn()])}><Plus aria-hidden="true" className="size-4" />Add column</Button>
          </div>
        </fieldset>
        <div><Button type="submit" variant="primary" loading={pending}>Create table</Button></div>
      </form>
    </PageBody>
  );
}
