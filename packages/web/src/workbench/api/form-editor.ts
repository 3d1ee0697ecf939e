/**
 * The private editor API of one form (core/editor/editor-api.ts, docs/private-api.md "Form
 * editor"): one function per route. Every write carries the revision it was made against
 * and answers the new one; a stale revision is refused with 409 `REVISION_CONFLICT`.
 */
import type {
  BlockCreate, BlockSort, BlockUpdate, EditorDocument, EndingUpdate, StartPageUpdate, FieldBlockCreate, FieldCreate, FieldUpdate,
  SETTINGS_CALLS, SettingsCall, ThemeUpdate,
} from "@fieldwork/core";
import { privateRequest, seg } from "./http";

export interface WriteOptions {
  csrf_token: string;
  signal?: AbortSignal;
}

/** What every write answers. */
export interface Written { revision: number }
export interface FieldCreated extends Written { field_id: string; block_id: string }
export interface BlockCreated extends Written { block_id: string }

/** Request bodies as the client writes them (defaults may be left out). */
type Input<S extends { _zod: { input: unknown } }> = S["_zod"]["input"];
export type FieldCreateBody = Input<typeof FieldCreate>;
export type FieldUpdateBody = Input<typeof FieldUpdate>;
export type BlockCreateBody = Input<typeof BlockCreate>;
export type FieldBlockCreateBody = Input<typeof FieldBlockCreate>;
export type BlockUpdateBody = Input<typeof BlockUpdate>;
export type BlockSortBody = Input<typeof BlockSort>;
export type ThemeUpdateBody = Input<typeof ThemeUpdate>;
export type EndingUpdateBody = Input<typeof EndingUpdate>;
export type StartPageUpdateBody = Input<typeof StartPageUpdate>;
export type SettingsBody<N extends SettingsCall> = Input<(typeof SETTINGS_CALLS)[N]>;

const form = (form_id: string) => `/forms/${seg(form_id)}`;

/** `GET /private/editor/forms/{form_id}`: the whole form as the editor shows it. */
export function fetchEditorDocument(form_id: string, signal?: AbortSignal): Promise<EditorDocument> {
  return privateRequest<EditorDocument>("GET", form(form_id), { signal });
}

/** `POST …/fields`: a field and the block that shows it, after the focused block. */
export function createField(form_id: string, body: FieldCreateBody, options: WriteOptions): Promise<FieldCreated> {
  return privateRequest<FieldCreated>("POST", `${form(form_id)}/fields`, { ...options, body });
}

/** `PATCH …/fields/{field_id}`: the whole field as it should be. */
export function updateField(form_id: string, field_id: string, body: FieldUpdateBody, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("PATCH", `${form(form_id)}/fields/${seg(field_id)}`, { ...options, body });
}

/** `DELETE …/fields/{field_id}?revision=N`: the field and its column; its blocks are unlinked. */
export function deleteField(form_id: string, field_id: string, revision: number, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("DELETE", `${form(form_id)}/fields/${seg(field_id)}?revision=${revision}`, options);
}

/** `GET …/fields/{field_id}/answers`: how many rows hold a value in the field's column. */
export function fetchFieldAnswers(form_id: string, field_id: string, signal?: AbortSignal): Promise<{ answered: number }> {
  return privateRequest<{ answered: number }>("GET", `${form(form_id)}/fields/${seg(field_id)}/answers`, { signal });
}

/** `POST …/blocks`: a block of any type but `field`. */
export function createBlock(form_id: string, body: BlockCreateBody, options: WriteOptions): Promise<BlockCreated> {
  return privateRequest<BlockCreated>("POST", `${form(form_id)}/blocks`, { ...options, body });
}

/** `POST …/blocks/field`: a block showing a field no block shows. */
export function createFieldBlock(form_id: string, body: FieldBlockCreateBody, options: WriteOptions): Promise<BlockCreated> {
  return privateRequest<BlockCreated>("POST", `${form(form_id)}/blocks/field`, { ...options, body });
}

/** `PATCH …/blocks/{block_id}`: content, and hiding (`v_hidden: true`) or showing (`null`). */
export function updateBlock(form_id: string, block_id: string, body: BlockUpdateBody, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("PATCH", `${form(form_id)}/blocks/${seg(block_id)}`, { ...options, body });
}

/** `DELETE …/blocks/{block_id}?revision=N`: the block and everything inside it. */
export function deleteBlock(form_id: string, block_id: string, revision: number, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("DELETE", `${form(form_id)}/blocks/${seg(block_id)}?revision=${revision}`, options);
}

/** `POST …/blocks/sort`: moves a block to an index of the visual order (core `moveBlock`). */
export function sortBlock(form_id: string, body: BlockSortBody, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("POST", `${form(form_id)}/blocks/sort`, { ...options, body });
}

/** `PATCH …/theme`: the keys given change. */
export function updateTheme(form_id: string, body: ThemeUpdateBody, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("PATCH", `${form(form_id)}/theme`, { ...options, body });
}

/** `PATCH …/ending`: the keys given change. */
export function updateEnding(form_id: string, body: EndingUpdateBody, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("PATCH", `${form(form_id)}/ending`, { ...options, body });
}

/** `PATCH …/start-page`: the whole start page, or null for none. */
export function updateStartPage(form_id: string, body: StartPageUpdateBody, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("PATCH", `${form(form_id)}/start-page`, { ...options, body });
}

/** `POST /private/editor/settings/{name}` with the form id in the body (spec 2 §7). */
export function updateSettings<N extends SettingsCall>(name: N, body: SettingsBody<N>, options: WriteOptions): Promise<Written> {
  return privateRequest<Written>("POST", `/settings/${seg(name)}`, { ...options, body });
}
