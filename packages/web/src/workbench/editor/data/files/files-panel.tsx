/** @jsxRuntime automatic */
/**
 * The file popover of one grid cell: its row's files for one column, with the field's rules.
 * The Data API's references carry no upsert link; an editor's popover uses the owner route
 * (`PUT /private/editor/{form_id}/fields/{field_id}/file/upsert?path=`), which checks the role
 * and that the path is this field's. The file picker is filtered by the field's accept, else
 * its type's default (`replaceAcceptOf`; the signed PUT enforces it too, 415): importing
 * core's `acceptOf` into this chunk would move file-accept.ts out of the public form's entry
 * into a shared chunk, 48 bytes over its 80 kB budget.
 */
import type { DataColumn } from "@fieldwork/core";
import { fileUpsertPath, isMultiValued } from "@fieldwork/core";
import type { Row } from "../../../api/data-api";
import { FilePopover } from "./file-popover";
import { filesOf, replaceAcceptOf } from "./file-refs";

export interface FilesPanelProps {
  form_id: string;
  row: Row | null;
  column: DataColumn | null;
  editable: boolean;
  csrf_token: string;
  onClose: () => void;
}

export function FilesPanel({ form_id, row, column, editable, csrf_token, onClose }: FilesPanelProps) {
  if (!row || !column?.field) return null;
  const field = column.field;
  return (
    <FilePopover
      open
      onClose={onClose}
      title={column.label}
      files={filesOf(row[column.name]).map((f) => ({ ...f, upsert: f.upsert ?? (editable && f.path ? fileUpsertPath(form_id, field.id, f.path) : null) }))}
      multiple={isMultiValued(field)}
      accept={replaceAcceptOf(field)}
      editable={editable}
      csrf_token={csrf_token}
    />
  );
}
