/** @jsxRuntime automatic */
/**
 * A form's Data mode (spec 3 §2): the responses, sessions and customers tables, Analytics,
 * and the Simulator. Loaded lazily by editor-page.tsx, so the grid and its libraries stay
 * out of the workbench's entry chunk. A table switch remounts the table view: its query
 * state starts over.
 */
import { formPath, type EditorRoute } from "@fieldwork/core";
import { fetchEditorDocument } from "../../api/form-editor";
import { LoadError } from "../../shell/page";
import { useResource } from "../../session/use-resource";
import { AnalyticsPage } from "./analytics/analytics-page";
import { dataTable, dataTableOf } from "./data-table";
import { DataTableView } from "./data-table-view";
import { SimulatorPage } from "./simulator-page";
import { ProjectIdContext } from "../build/field-panel/panel-context";

export interface DataModeProps {
  form_id: string;
  document_id: string;
  project_id: string;
  pattern: EditorRoute["pattern"];
  /** The simulator's address (`data/simulator` of this document). */
  simulatorHref: string;
  title: string;
  canEdit: boolean;
  csrf_token: string;
}

export default function DataMode(props: DataModeProps) {
  const { state, reload } = useResource(props.form_id, (signal) => fetchEditorDocument(props.form_id, signal));
  if (props.pattern === "data/analytics") return <AnalyticsPage form_id={props.form_id} title={props.title} />;
  if (props.pattern === "data/simulator") return <SimulatorPage form_id={props.form_id} title={props.title} publicPath={formPath(props.form_id)} />;
  const kind = dataTableOf(props.pattern);
  if (!kind) return null;
  if (state.status === "failed") return <LoadError message={state.message} onRetry={reload} />;
  if (state.status === "loading") return <div className="h-[calc(100dvh-3rem)]" aria-busy="true" />;
  const form = state.data;
  const table = dataTable(kind, form, props.project_id);
  const onTable = kind === "responses" || kind === "sessions";
  return (
    // The project: a reference cell's side sheet reads its schema table (reference-cell-editor.tsx).
    <ProjectIdContext value={props.project_id}>
      <DataTableView
        key={kind}
        table={table}
        form={form}
        document_id={props.document_id}
        canEdit={props.canEdit}
        csrf_token={props.csrf_token}
        simulatorHref={onTable ? props.simulatorHref : null}
      />
    </ProjectIdContext>
  );
}
