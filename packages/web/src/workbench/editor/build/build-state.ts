/**
 * The Build editor's state as one reducer: the document as the server last confirmed it,
 * the working (optimistic) document, the focused block, undo and redo, and the save queue.
 * Commands (build-commands.ts) produce requests and their inverses; writes leave one at a
 * time in order, each with the latest revision. A refused write rolls the working document
 * back to the confirmed one and asks for a reload.
 */
import type { EditorDocument } from "@fieldwork/core";
import { applyRequest, renameIds, resolveId, resolveRequest, type EditorRequest, type IdMap } from "./editor-request";
import type { WriteResult } from "./send-request";

export type SaveStatus = "idle" | "saving" | "saved" | "failed";

export interface QueuedWrite { seq: number; request: EditorRequest }
export interface HistoryEntry { label: string; requests: EditorRequest[]; inverse: EditorRequest[] }

export interface BuildState {
  server: EditorDocument;
  working: EditorDocument;
  focus_block_id: string | null;
  undo: HistoryEntry[];
  redo: HistoryEntry[];
  queue: QueuedWrite[];
  /** The write on its way (always the head of the queue). */
  sending: number | null;
  next_seq: number;
  status: SaveStatus;
  error: string | null;
  ids: IdMap;
  /** Bumped when the document must be fetched again (after a refused write). */
  reload: number;
  readonly: boolean;
}

export function initBuild({ document, readonly }: { document: EditorDocument; readonly: boolean }): BuildState {
  return {
    server: document, working: document, focus_block_id: null, undo: [], redo: [], queue: [], sending: null, next_seq: 1,
    status: "idle", error: null, ids: {}, reload: 0, readonly,
  };
}

/** What a command does: the writes, their inverse for undo, and where the focus goes. */
export interface Performed {
  label: string;
  requests: EditorRequest[];
  inverse: EditorRequest[];
  focus_block_id?: string | null;
  /** Undo and redo move entries between the stacks instead of recording a new one. */
  history?: "record" | "undo" | "redo" | "none";
}

export type WriteAction =
  | { type: "write-sent"; seq: number }
  | { type: "write-succeeded"; seq: number; result: WriteResult }
  | { type: "write-failed"; seq: number; message: string }
  | { type: "reloaded"; document: EditorDocument }
  /** The head write was refused as stale, but what changed meanwhile touches nothing the editor holds (a publish): send it again against `document`'s revision. */
  | { type: "write-rebased"; seq: number; document: EditorDocument };

/** What a write can change, by id: blocks' places and fields' names and types. */
const shapeOf = (doc: EditorDocument) => JSON.stringify([
  doc.blocks.map((b) => [b.id, b.parent_id, b.local_index, b.type, b.form_field_id, b.v_hidden]).sort(),
  doc.fields.map((f) => [f.id, f.name, f.type, f.label, f.options.length]).sort(),
  doc.settings, doc.theme, doc.ending,
]);

/** Whether `fresh` (fetched after a 409) holds the same form as the confirmed document, only at another revision. */
export const onlyRevisionMoved = (state: BuildState, fresh: EditorDocument) => shapeOf(fresh) === shapeOf(state.server);

/** Applies a command's result: optimistic document, queue, history. */
export function commit(state: BuildState, performed: Performed): BuildState {
  if (state.readonly && performed.requests.length) return state;
  const working = performed.requests.reduce(applyRequest, state.working);
  const queue = [...state.queue, ...performed.requests.map((request, i) => ({ seq: state.next_seq + i, request }))];
  const entry: HistoryEntry = { label: performed.label, requests: performed.requests, inverse: performed.inverse };
  let { undo, redo } = state;
  switch (performed.history ?? "record") {
    case "record":
      if (performed.requests.length) {
        undo = [...undo, entry].slice(-100);
        redo = [];
      }
      break;
    case "undo":
      undo = undo.slice(0, -1);
      redo = [...redo, { label: performed.label, requests: performed.inverse, inverse: performed.requests }];
      break;
    case "redo":
      redo = redo.slice(0, -1);
      undo = [...undo, entry];
      break;
    case "none":
      break;
  }
  const focus = performed.focus_block_id === undefined ? state.focus_block_id : performed.focus_block_id;
  return {
    ...state, working, queue, undo, redo,
    focus_block_id: focus && working.blocks.some((b) => b.id === focus) ? focus : null,
    next_seq: state.next_seq + performed.requests.length,
    status: performed.requests.length ? "saving" : state.status,
    error: performed.requests.length ? null : state.error,
  };
}

/** The write to send now, with server ids, or none while one is on its way. */
export function nextWrite(state: BuildState): QueuedWrite | null {
  const head = state.queue[0];
  if (!head || state.sending !== null) return null;
  return { seq: head.seq, request: resolveRequest(head.request, state.ids) };
}

function learnIds(ids: IdMap, request: EditorRequest, result: WriteResult): IdMap {
  const next: Record<string, string> = { ...ids };
  if (request.kind === "create-field" && result.field_id) next[request.field_id] = result.field_id;
  if ((request.kind === "create-field" || request.kind === "create-block" || request.kind === "create-field-block") && result.block_id) {
    next[request.block_id] = result.block_id;
  }
  for (const [local, real] of Object.entries(next)) if (local === real) delete next[local];
  return next;
}

/** The focused block of the local document in another document (by its server id), if there. */
function focusIn(doc: EditorDocument, ids: IdMap, focus: string | null): string | null {
  if (!focus) return null;
  if (doc.blocks.some((b) => b.id === focus)) return focus;
  const real = resolveId(ids, focus);
  return doc.blocks.some((b) => b.id === real) ? real : null;
}

export function writeReducer(state: BuildState, action: WriteAction): BuildState {
  switch (action.type) {
    case "write-sent":
      return state.queue[0]?.seq === action.seq ? { ...state, sending: action.seq, status: "saving" } : state;
    case "write-succeeded": {
      const head = state.queue[0];
      if (!head || head.seq !== action.seq) return state;
      const ids = learnIds(state.ids, head.request, action.result);
      const server = { ...renameIds(applyRequest(state.server, resolveRequest(head.request, state.ids)), ids), revision: action.result.revision };
      const queue = state.queue.slice(1);
      return {
        ...state, ids, server, queue, sending: null,
        working: { ...state.working, revision: action.result.revision },
        status: queue.length ? "saving" : "saved",
      };
    }
    case "write-failed": {
      if (state.queue[0]?.seq !== action.seq) return state;
      return {
        ...state, working: state.server, focus_block_id: focusIn(state.server, state.ids, state.focus_block_id),
        queue: [], sending: null, undo: [], redo: [], status: "failed", error: action.message, reload: state.reload + 1,
      };
    }
    case "write-rebased": {
      if (state.queue[0]?.seq !== action.seq) return state;
      const { revision, published, response_count } = action.document;
      return {
        ...state, sending: null,
        server: { ...state.server, revision, published, response_count },
        working: { ...state.working, revision, published, response_count },
      };
    }
    case "reloaded": {
      // Writes made meanwhile were made against the rolled-back document: they go with its
      // revision, are refused in turn, and the reload that follows is adopted.
      if (state.queue.length) return state;
      return { ...state, server: action.document, working: action.document, focus_block_id: focusIn(action.document, state.ids, state.focus_block_id) };
    }
  }
}
