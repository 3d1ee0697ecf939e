/** @jsxRuntime automatic */
/**
 * A reference cell's editor (spec 3 "Search Reference side sheet"): double-clicking the cell of
 * a `search` field that references a schema table opens the side sheet on that table, and
 * double-clicking a row there saves its referenced column into the cell. The sheet reads the
 * table through the project's Data API (search-reference-sheet.tsx); a table it cannot find
 * (deleted since) leaves the plain text editor.
 */
import { fetchProjectSchemaTables } from "../../api/schema-tables";
import { useResource } from "../../session/use-resource";
import { useProjectId } from "../build/field-panel/panel-context";
import { TextCellEditor, type EditorProps } from "./cell-editors";
import { sameValue } from "./cell-value";
import { SearchReferenceSheet } from "./search-reference-sheet";

export function ReferenceCellEditor(props: EditorProps) {
  const project_id = useProjectId();
  const reference = props.column.field?.reference as { table_id?: unknown; column?: unknown } | null | undefined;
  const { state } = useResource(project_id, (signal) => fetchProjectSchemaTables(project_id ?? "", signal));
  if (state.status === "loading") return <span className="px-2 text-sm text-muted" aria-busy="true">Opening…</span>;
  const table = state.status === "ready" ? state.data.find((t) => t.id === reference?.table_id) : undefined;
  if (!project_id || !table || typeof reference?.column !== "string") return <TextCellEditor {...props} />;
  const columns = [{ name: "id", format: "uuid" }, ...table.attributes.filter((a) => a.name !== "id").map((a) => ({ name: a.name, format: String(a.type) }))];
  return (
    <SearchReferenceSheet open onClose={props.close} project_id={project_id} schema="public" table={table.name} column={reference.column} columns={columns}
      onPick={(value) => { if (value !== null && value !== undefined && !sameValue(String(value), props.value)) props.commit(String(value)); }} />
  );
}
