/**
 * The draft of `connect/database/supabase` for a form: which connection and table its answers
 * go to, and the column each field goes to. The checks are core's (mappingProblems, the same
 * the server runs at connect), shown while the owner picks; the server's refusal is kept as
 * `refusal` until the draft changes.
 */
import { defaultMapping, ERROR_CATALOGUE, mappingProblems, type ExternalTable, type MappedField } from "@fieldwork/core";

export interface TargetDraft {
  connection_id: string;
  /** `schema.table`, or "" before one is picked. */
  table_key: string;
  /** Field id → column; a field left out is not sent. */
  mapping: Record<string, string>;
  busy: boolean;
  refusal: string | null;
  /** What the last save or disconnect did, said once (role=status). */
  notice: string | null;
}

export type TargetAction =
  | { type: "loaded"; target: { connection_id: string; schema: string; table: string; mapping: Record<string, string> } | null }
  | { type: "connection"; connection_id: string }
  | { type: "table"; table_key: string; table: ExternalTable | null; fields: readonly MappedField[] }
  | { type: "column"; field_id: string; column: string }
  | { type: "sent" }
  | { type: "saved"; notice: string }
  | { type: "refused"; message: string };

export const initialTargetDraft: TargetDraft = { connection_id: "", table_key: "", mapping: {}, busy: false, refusal: null, notice: null };

export const tableKey = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;

export function targetDraftReducer(state: TargetDraft, action: TargetAction): TargetDraft {
  switch (action.type) {
    case "loaded":
      return action.target
        ? { ...state, connection_id: action.target.connection_id, table_key: `${action.target.schema}.${action.target.table}`, mapping: action.target.mapping }
        : state;
    case "connection":
      return { ...state, connection_id: action.connection_id, table_key: "", mapping: {}, refusal: null, notice: null };
    case "table":
      // A newly picked table starts from each field to the column of its name.
      return { ...state, table_key: action.table_key, mapping: action.table ? defaultMapping(action.fields, action.table) : {}, refusal: null, notice: null };
    case "column": {
      const mapping = { ...state.mapping };
      if (action.column) mapping[action.field_id] = action.column;
      else delete mapping[action.field_id];
      return { ...state, mapping, refusal: null, notice: null };
    }
    case "sent": return { ...state, busy: true, refusal: null, notice: null };
    case "saved": return { ...state, busy: false, notice: action.notice };
    case "refused": return { ...state, busy: false, refusal: action.message };
  }
}

/** Why the form cannot be connected at all (a payment field), or null. The catalogue's sentence, as the server says it. */
export function formRefusal(fields: readonly MappedField[]): string | null {
  return fields.some((f) => f.type === "payment") ? ERROR_CATALOGUE.FORM_TARGET_PAID.message : null;
}

/** The problems of the draft against the picked table (empty when it may be saved as far as the workbench can tell). */
export function draftProblems(fields: readonly MappedField[], table: ExternalTable | null, mapping: Record<string, string>): string[] {
  if (!table) return [];
  if (table.read_only) return [];
  return mappingProblems(fields, table, mapping);
}
