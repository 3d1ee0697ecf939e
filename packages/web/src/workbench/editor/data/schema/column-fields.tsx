/** @jsxRuntime automatic */
/**
 * One column's inputs (name, type, list, not null, unique, enum values, default, reference),
 * shared by the New table page and the Add column dialog.
 */
import { ATTRIBUTE_TYPE_LABELS, ATTRIBUTE_TYPES, type AttributeType } from "@fieldwork/core";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import type { ColumnDraft } from "./column-draft";

export interface ColumnFieldsProps {
  draft: ColumnDraft;
  onChange(patch: Partial<ColumnDraft>): void;
  /** `table.column` keys a reference may point at. */
  keys: readonly string[];
  /** Distinguishes the labels of several rows ("Column 2 name"). */
  label: string;
}

export function ColumnFields({ draft, onChange, keys, label }: ColumnFieldsProps) {
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-center" data-column-row>
      <Input aria-label={`${label} name`} placeholder="name" value={draft.name} onChange={(e) => onChange({ name: e.target.value })} autoComplete="off" spellCheck={false} />
      <Select aria-label={`${label} type`} value={draft.type} onChange={(e) => onChange({ type: e.target.value as AttributeType })}>
        {ATTRIBUTE_TYPES.map((type) => <option key={type} value={type}>{ATTRIBUTE_TYPE_LABELS[type]}</option>)}
      </Select>
      <div className="flex flex-wrap gap-3 text-sm">
        <label className="flex items-center gap-1"><input type="checkbox" checked={draft.not_null} onChange={(e) => onChange({ not_null: e.target.checked })} />Required</label>
        <label className="flex items-center gap-1"><input type="checkbox" checked={draft.unique} onChange={(e) => onChange({ unique: e.target.checked })} />Unique</label>
        <label className="flex items-center gap-1"><input type="checkbox" checked={draft.is_array} onChange={(e) => onChange({ is_array: e.target.checked })} />List</label>
      </div>
      {draft.type === "enum" ? (
        <Input className="sm:col-span-3" aria-label={`${label} enum values`} placeholder="values, comma-separated" value={draft.enum_values} onChange={(e) => onChange({ enum_values: e.target.value })} />
      ) : null}
      <Input aria-label={`${label} default`} placeholder="default (a value, now() or gen_random_uuid())" value={draft.default} onChange={(e) => onChange({ default: e.target.value })} />
      <Select className="sm:col-span-2" aria-label={`${label} references`} value={draft.references} onChange={(e) => onChange({ references: e.target.value })}>
        <option value="">No reference</option>
        {keys.map((key) => <option key={key} value={key}>References {key}</option>)}
      </Select>
    </div>
  );
}
