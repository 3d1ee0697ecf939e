/** One queued write to its route (api/form-editor.ts), made against `revision`. */
import * as api from "../../api/form-editor";
import type { EditorRequest } from "./editor-request";

export interface WriteResult { revision: number; field_id?: string; block_id?: string }

export function sendRequest(form_id: string, request: EditorRequest, revision: number, options: api.WriteOptions): Promise<WriteResult> {
  switch (request.kind) {
    case "create-field":
      return api.createField(form_id, { revision, field: request.field, focus_block_id: request.focus_block_id }, options);
    case "update-field":
      return api.updateField(form_id, request.field_id, { revision, field: request.field }, options);
    case "delete-field":
      return api.deleteField(form_id, request.field_id, revision, options);
    case "create-block":
      return api.createBlock(form_id, { revision, type: request.type, focus_block_id: request.focus_block_id, ...request.content }, options);
    case "create-field-block":
      return api.createFieldBlock(form_id, { revision, field_id: request.field_id, focus_block_id: request.focus_block_id }, options);
    case "update-block":
      return api.updateBlock(form_id, request.block_id, { revision, ...request.patch }, options);
    case "delete-block":
      return api.deleteBlock(form_id, request.block_id, revision, options);
    case "sort-block":
      return api.sortBlock(form_id, { revision, block_id: request.block_id, to_index: request.to_index }, options);
    case "theme":
      return api.updateTheme(form_id, { revision, theme: request.theme }, options);
    case "ending":
      return api.updateEnding(form_id, { revision, ending: request.ending }, options);
    case "start-page":
      return api.updateStartPage(form_id, { revision, start_page: request.start_page }, options);
    case "settings":
      return api.updateSettings(request.name, { form_id, revision, ...request.values } as api.SettingsBody<typeof request.name>, options);
  }
}
