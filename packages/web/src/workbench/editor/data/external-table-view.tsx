/** @jsxRuntime automatic */
/**
 * A connected database's table in the data workbench (issue 24 item 2): the same view as a
 * form's responses (toolbar, filters, sort, search, record panel, export, live rows), on
 * the connection's Data API. Its own lazy chunk, loaded when a table is opened on the
 * project page; its filters and sort are remembered per table, not written to the page's URL.
 */
import type { ExternalTable } from "@fieldwork/core";
import { externalDataTable } from "./data-table";
import { DataTableView } from "./data-table-view";

export interface ExternalTableViewProps {
  connection_id: string;
  project_id: string;
  table: ExternalTable;
  canEdit: boolean;
  csrf_token: string;
}

export default function ExternalTableView({ connection_id, project_id, table, canEdit, csrf_token }: ExternalTableViewProps) {
  const name = `${table.schema}.${table.name}`;
  return (
    <DataTableView
      table={externalDataTable(connection_id, project_id, table)} form={null} title={`${name} rows`}
      document_id={`x:${connection_id}:${name}`} canEdit={canEdit} csrf_token={csrf_token} simulatorHref={null} embedded
    />
  );
}
