/**
 * Every command of the Build editor as an action object (Excalidraw's actions): a name, a
 * label, an optional key test, a predicate and `perform`, which returns the writes, their
 * inverse for undo and where the focus goes. A click and a key run the same command.
 */
import {
  FIELD_TYPE_CAPABILITIES, FieldDefinition, fieldTypeLabel, moveBlock, readStartPage, subtreeIds, suggestFieldName,
  type EditorDocument, type FieldType, type SettingsCall, type StartPage, type JsonValue,
} from "@fieldwork/core";
import type { BuildState, Performed } from "./build-state";
import { neighbourOf, orderOf, restoreRequests, sortIndexOf, stepIndexOf } from "./block-places";
import {
  applyRequest, definitionOf, settingsValuesOf,
  type BlockContent, type CreatableBlockType, type EditorRequest, type EndingPatch, type SettingsValues, type ThemePatch,
} from "./editor-request";

/** The keys of a key event that commands look at. */
export interface KeyInput { key: string; altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }

export interface CommandArgs {
  "add-field": { type: FieldType; field_id: string; block_id: string; label?: string };
  "add-block": { type: CreatableBlockType; block_id: string };
  "add-field-block": { field_id: string; block_id: string };
  "delete-block": { block_id?: string };
  "move-block-up": { block_id?: string };
  "move-block-down": { block_id?: string };
  "move-block": { block_id: string; to_index: number };
  "toggle-hidden": { block_id?: string };
  "update-block": { block_id: string; content: BlockContent };
  "set-block-hidden": { block_id: string; v_hidden: true | null | string };
  /** A section's "Contains payment" (attributes.contains_payment, spec 1 §4.1: Pay replaces Next there). */
  "set-contains-payment": { block_id: string; contains_payment: boolean };
  "update-field": { field_id: string; field: FieldDefinition };
  "delete-field": { field_id: string };
  "focus-block": { block_id: string };
  "focus-previous": Record<string, never>;
  "focus-next": Record<string, never>;
  blur: Record<string, never>;
  theme: { theme: ThemePatch };
  ending: { ending: EndingPatch };
  "start-page": { start_page: StartPage | null };
  settings: { name: SettingsCall; values: SettingsValues };
  undo: Record<string, never>;
  redo: Record<string, never>;
}
export type CommandName = keyof CommandArgs;

export interface EditorCommand<N extends CommandName> {
  name: N;
  label: string;
  /** Sends writes: refused to viewers. */
  writes: boolean;
  keyTest?: (event: KeyInput) => boolean;
  predicate: (state: BuildState, arg: CommandArgs[N]) => boolean;
  perform: (state: BuildState, arg: CommandArgs[N]) => Performed;
}

export type CommandAction = { [N in CommandName]: { type: "command"; name: N; arg: CommandArgs[N] } }[CommandName];

const validStartPageOf = (value: JsonValue): StartPage | null => {
  const reading = readStartPage(value);
  return reading.kind === "valid" ? reading.page : null;
};
const mod = (e: KeyInput) => e.ctrlKey || e.metaKey;
const plain = (e: KeyInput) => !e.altKey && !mod(e) && !e.shiftKey;
const target = (state: BuildState, id?: string) => id ?? state.focus_block_id;
const blockOf = (doc: EditorDocument, id: string | null | undefined) => (id ? doc.blocks.find((b) => b.id === id) : undefined);
/** A stored `v_hidden` as a patch can send it back: true, an expression, or null. */
const hiddenPatch = (value: unknown): true | null | string => (value === true || typeof value === "string" ? value : null);

/** A field name not taken in the form: `email`, `email_2`… */
export function uniqueFieldName(doc: EditorDocument, label: string): string {
  const base = suggestFieldName(label);
  const taken = new Set(doc.fields.map((f) => f.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base.slice(0, 60)}_${n}`;
    if (!taken.has(name)) return name;
  }
}

/** A new field of `type` with its default label and, for choices, two options (spec 2 §5). */
export function newFieldDefinition(doc: EditorDocument, type: FieldType, label = fieldTypeLabel(type)): FieldDefinition {
  const options = FIELD_TYPE_CAPABILITIES[type].options
    ? [1, 2].map((n) => ({ value: `option_${n}`, label: `Option ${n}` }))
    : [];
  return FieldDefinition.parse({ name: uniqueFieldName(doc, label), type, label, options });
}

const BLOCK_DEFAULTS: Record<CreatableBlockType, BlockContent> = {
  section: {}, group: { title_html: "Group" }, header: { title_html: "Heading", description_html: null },
  html: { body_html: "<p>Text</p>" }, divider: {}, image: {}, video: {}, pdf: {},
};

/** Deleting blocks; the inverse puts them back (focus moves to the block above). */
function deleteBlocks(state: BuildState, id: string, label: string, extra: EditorRequest[] = [], withFields = false): Performed {
  const before = state.working;
  const requests: EditorRequest[] = [{ kind: "delete-block", block_id: id }, ...extra];
  const after = requests.reduce(applyRequest, before);
  const inside = subtreeIds(before.blocks, id);
  const order = orderOf(before).filter((b) => !inside.has(b.id) || b.id === id);
  const at = order.findIndex((b) => b.id === id);
  const focus = order[at - 1]?.id ?? order[at + 1]?.id ?? null;
  return { label, requests, inverse: restoreRequests(before, after, id, withFields), focus_block_id: focus };
}

function move(state: BuildState, id: string, to_index: number, label: string): Performed {
  return {
    label,
    requests: [{ kind: "sort-block", block_id: id, to_index }],
    inverse: [{ kind: "sort-block", block_id: id, to_index: sortIndexOf(state.working, id) }],
    focus_block_id: id,
  };
}

const canMove = (state: BuildState, id: string | null, to_index: number) => {
  if (!id) return false;
  const places = moveBlock(state.working.blocks, id, to_index);
  return typeof places !== "string" && places.length > 0;
};
const othersCount = (state: BuildState, id: string) => state.working.blocks.length - subtreeIds(state.working.blocks, id).size;

const none = (label: string, focus_block_id?: string | null): Performed => ({ label, requests: [], inverse: [], focus_block_id, history: "none" });

export const COMMANDS: { [N in CommandName]: EditorCommand<N> } = {
  "add-field": {
    name: "add-field", label: "Add field", writes: true,
    predicate: (state, arg) => FIELD_TYPE_CAPABILITIES[arg.type].renderable,
    perform: (state, arg) => ({
      label: "Add field",
      requests: [{
        kind: "create-field", field_id: arg.field_id, block_id: arg.block_id,
        field: newFieldDefinition(state.working, arg.type, arg.label), focus_block_id: state.focus_block_id,
      }],
      inverse: [{ kind: "delete-block", block_id: arg.block_id }, { kind: "delete-field", field_id: arg.field_id }],
      focus_block_id: arg.block_id,
    }),
  },
  "add-block": {
    name: "add-block", label: "Add block", writes: true,
    predicate: () => true,
    perform: (state, arg) => ({
      label: "Add block",
      requests: [{ kind: "create-block", block_id: arg.block_id, type: arg.type, focus_block_id: state.focus_block_id, content: BLOCK_DEFAULTS[arg.type] }],
      inverse: [{ kind: "delete-block", block_id: arg.block_id }],
      focus_block_id: arg.block_id,
    }),
  },
  "add-field-block": {
    name: "add-field-block", label: "Show field", writes: true,
    predicate: (state, arg) => state.working.fields.some((f) => f.id === arg.field_id) && !state.working.blocks.some((b) => b.form_field_id === arg.field_id),
    perform: (state, arg) => ({
      label: "Show field",
      requests: [{ kind: "create-field-block", block_id: arg.block_id, field_id: arg.field_id, focus_block_id: state.focus_block_id }],
      inverse: [{ kind: "delete-block", block_id: arg.block_id }],
      focus_block_id: arg.block_id,
    }),
  },
  "delete-block": {
    name: "delete-block", label: "Delete block", writes: true,
    keyTest: (e) => (e.key === "Delete" || e.key === "Backspace") && !e.altKey && !mod(e),
    predicate: (state, arg) => !!blockOf(state.working, target(state, arg.block_id)),
    perform: (state, arg) => deleteBlocks(state, target(state, arg.block_id)!, "Delete block"),
  },
  "move-block-up": {
    name: "move-block-up", label: "Move up", writes: true,
    keyTest: (e) => e.key === "ArrowUp" && e.altKey && !mod(e),
    predicate: (state, arg) => {
      const id = target(state, arg.block_id);
      const to = id ? stepIndexOf(state.working, id, -1) : null;
      return to !== null && canMove(state, id, to);
    },
    perform: (state, arg) => {
      const id = target(state, arg.block_id)!;
      return move(state, id, stepIndexOf(state.working, id, -1)!, "Move up");
    },
  },
  "move-block-down": {
    name: "move-block-down", label: "Move down", writes: true,
    keyTest: (e) => e.key === "ArrowDown" && e.altKey && !mod(e),
    predicate: (state, arg) => {
      const id = target(state, arg.block_id);
      const to = id ? stepIndexOf(state.working, id, 1) : null;
      return to !== null && to <= othersCount(state, id!) && canMove(state, id, to);
    },
    perform: (state, arg) => {
      const id = target(state, arg.block_id)!;
      return move(state, id, stepIndexOf(state.working, id, 1)!, "Move down");
    },
  },
  "move-block": {
    name: "move-block", label: "Move block", writes: true,
    predicate: (state, arg) => canMove(state, arg.block_id, arg.to_index),
    perform: (state, arg) => move(state, arg.block_id, arg.to_index, "Move block"),
  },
  "toggle-hidden": {
    name: "toggle-hidden", label: "Hide or show", writes: true,
    predicate: (state, arg) => !!blockOf(state.working, target(state, arg.block_id)),
    perform: (state, arg) => {
      const block = blockOf(state.working, target(state, arg.block_id))!;
      const hidden = block.v_hidden === true;
      return {
        label: hidden ? "Show block" : "Hide block",
        requests: [{ kind: "update-block", block_id: block.id, patch: { v_hidden: hidden ? null : true } }],
        // Undo puts back a condition the toggle replaced.
        inverse: [{ kind: "update-block", block_id: block.id, patch: { v_hidden: hiddenPatch(block.v_hidden) } }],
      };
    },
  },
  "set-block-hidden": {
    name: "set-block-hidden", label: "Set when a block shows", writes: true,
    predicate: (state, arg) => !!blockOf(state.working, arg.block_id),
    perform: (state, arg) => {
      const block = blockOf(state.working, arg.block_id)!;
      return {
        label: "Set when a block shows",
        requests: [{ kind: "update-block", block_id: block.id, patch: { v_hidden: arg.v_hidden } }],
        inverse: [{ kind: "update-block", block_id: block.id, patch: { v_hidden: hiddenPatch(block.v_hidden) } }],
      };
    },
  },
  "set-contains-payment": {
    name: "set-contains-payment", label: "Contains payment", writes: true,
    predicate: (state, arg) => blockOf(state.working, arg.block_id)?.type === "section",
    perform: (state, arg) => {
      const block = blockOf(state.working, arg.block_id)!;
      return {
        label: arg.contains_payment ? "Section takes the payment" : "Section takes no payment",
        requests: [{ kind: "update-block", block_id: block.id, patch: { contains_payment: arg.contains_payment } }],
        inverse: [{ kind: "update-block", block_id: block.id, patch: { contains_payment: block.attributes?.contains_payment === true } }],
      };
    },
  },
  "update-block": {
    name: "update-block", label: "Edit block", writes: true,
    predicate: (state, arg) => !!blockOf(state.working, arg.block_id),
    perform: (state, arg) => {
      const block = blockOf(state.working, arg.block_id)!;
      const old = Object.fromEntries(Object.keys(arg.content).map((k) => [k, block[k as keyof BlockContent]])) as BlockContent;
      return {
        label: "Edit block",
        requests: [{ kind: "update-block", block_id: block.id, patch: arg.content }],
        inverse: [{ kind: "update-block", block_id: block.id, patch: old }],
      };
    },
  },
  "update-field": {
    name: "update-field", label: "Edit field", writes: true,
    predicate: (state, arg) => state.working.fields.some((f) => f.id === arg.field_id),
    perform: (state, arg) => {
      const field = state.working.fields.find((f) => f.id === arg.field_id)!;
      return {
        label: "Edit field",
        requests: [{ kind: "update-field", field_id: field.id, field: arg.field }],
        inverse: [{ kind: "update-field", field_id: field.id, field: FieldDefinition.parse(definitionOf(field)) }],
      };
    },
  },
  "delete-field": {
    name: "delete-field", label: "Delete field", writes: true,
    predicate: (state, arg) => state.working.fields.some((f) => f.id === arg.field_id),
    perform: (state, arg) => {
      const block = state.working.blocks.find((b) => b.form_field_id === arg.field_id);
      const drop: EditorRequest = { kind: "delete-field", field_id: arg.field_id };
      if (block) return deleteBlocks(state, block.id, "Delete field", [drop], true);
      const field = state.working.fields.find((f) => f.id === arg.field_id)!;
      // A field no block shows comes back unshown: its new block is deleted again right away.
      const block_id = crypto.randomUUID();
      return {
        label: "Delete field", requests: [drop],
        inverse: [
          { kind: "create-field", field_id: field.id, block_id, field: FieldDefinition.parse(definitionOf(field)), focus_block_id: null },
          { kind: "delete-block", block_id },
        ],
      };
    },
  },
  "focus-block": {
    name: "focus-block", label: "Select block", writes: false,
    predicate: (state, arg) => !!blockOf(state.working, arg.block_id),
    perform: (_state, arg) => none("Select block", arg.block_id),
  },
  "focus-previous": {
    name: "focus-previous", label: "Select the block above", writes: false,
    keyTest: (e) => e.key === "ArrowUp" && plain(e),
    predicate: (state) => state.working.blocks.length > 0,
    perform: (state) => none("Select the block above", neighbourOf(state.working, state.focus_block_id, -1)),
  },
  "focus-next": {
    name: "focus-next", label: "Select the block below", writes: false,
    keyTest: (e) => e.key === "ArrowDown" && plain(e),
    predicate: (state) => state.working.blocks.length > 0,
    perform: (state) => none("Select the block below", neighbourOf(state.working, state.focus_block_id, 1)),
  },
  blur: {
    name: "blur", label: "Deselect", writes: false,
    keyTest: (e) => e.key === "Escape",
    predicate: (state) => state.focus_block_id !== null,
    perform: () => none("Deselect", null),
  },
  theme: {
    name: "theme", label: "Change theme", writes: true,
    predicate: () => true,
    perform: (state, arg) => ({
      label: "Change theme",
      requests: [{ kind: "theme", theme: arg.theme }],
      inverse: [{ kind: "theme", theme: Object.fromEntries(Object.keys(arg.theme).map((k) => [k, state.working.theme[k as keyof ThemePatch]])) }],
    }),
  },
  ending: {
    name: "ending", label: "Change ending", writes: true,
    predicate: () => true,
    perform: (state, arg) => ({
      label: "Change ending",
      requests: [{ kind: "ending", ending: arg.ending }],
      inverse: [{ kind: "ending", ending: Object.fromEntries(Object.keys(arg.ending).map((k) => [k, state.working.ending[k as keyof EndingPatch]])) }],
    }),
  },
  "start-page": {
    name: "start-page", label: "Change cover", writes: true,
    predicate: () => true,
    perform: (state, arg) => ({
      label: "Change cover",
      requests: [{ kind: "start-page", start_page: arg.start_page }],
      // A stored page of another schema version cannot be written back: undo then removes the cover.
      inverse: [{ kind: "start-page", start_page: validStartPageOf(state.working.start_page) }],
    }),
  },
  settings: {
    name: "settings", label: "Change settings", writes: true,
    predicate: () => true,
    perform: (state, arg) => ({
      label: "Change settings",
      requests: [{ kind: "settings", name: arg.name, values: arg.values }],
      inverse: [{ kind: "settings", name: arg.name, values: settingsValuesOf(state.working, arg.name) }],
    }),
  },
  undo: {
    name: "undo", label: "Undo", writes: true,
    keyTest: (e) => mod(e) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "z",
    predicate: (state) => state.undo.length > 0,
    perform: (state) => {
      const entry = state.undo.at(-1)!;
      return { label: entry.label, requests: entry.inverse, inverse: entry.requests, history: "undo" };
    },
  },
  redo: {
    name: "redo", label: "Redo", writes: true,
    keyTest: (e) => mod(e) && e.shiftKey && !e.altKey && e.key.toLowerCase() === "z",
    predicate: (state) => state.redo.length > 0,
    perform: (state) => {
      const entry = state.redo.at(-1)!;
      return { label: entry.label, requests: entry.requests, inverse: entry.inverse, history: "redo" };
    },
  },
};

/** Every command, in the order key tests are tried. */
export const COMMAND_LIST = Object.values(COMMANDS) as EditorCommand<CommandName>[];

/** The command a key press runs (with no argument: it acts on the focused block), if any. */
export function commandForKey(state: BuildState, event: KeyInput): CommandName | null {
  for (const command of COMMAND_LIST) {
    if (command.keyTest?.(event) && (!command.writes || !state.readonly) && command.predicate(state, {} as never)) return command.name;
  }
  return null;
}

export function runCommand(state: BuildState, action: CommandAction): Performed | null {
  const command = COMMANDS[action.name] as EditorCommand<typeof action.name>;
  if (command.writes && state.readonly) return null;
  return command.predicate(state, action.arg as never) ? command.perform(state, action.arg as never) : null;
}
