/** @jsxRuntime automatic */
/** The file popover of one grid cell: its row's files for one column, with the field's rules. */
import type { DataColumn } from "@fieldwork/core";
import { acceptOf, isMultiValued } from "@fieldwork/core";
import type { Row } from "../../../api/data-api";
import { FilePopover } from "./file-popover";
import { filesOf } from "./file-refs";

export interface FilesPanelProps {
  row: Row | null;
  column: DataColumn | null;
  editable: boolean;
  csrf_token: string;
  onClose: () => void;
}

export function FilesPanel({ row, column, editable, csrf_token, onClose }: FilesPanelProps) {
  if (!row || !column?.field) return null;
  const field = column.field;
  return (
    <FilePopover
      open
      onClose={onClose}
      title={column.label}
      files={filesOf(row[column.name])}
      multiple={isMultiValued(field)}
      accept={acceptOf(field)}
      editable={editable}
      csrf_token={csrf_token}
    />
  );
}
