/**
 * The replace-file flow of the file popover (spec 3 §4, §5, §8): idle, uploading, then
 * success or failure. A replace needs a chosen file and the file's upsert link; one file,
 * filtered by the field's accept. The messages are the spec's, word for word.
 */
export const REPLACE_MESSAGES = {
  no_file: "Please select a file to replace.",
  not_supported: "Replace is not supported for this file",
  failed: "Failed to replace file.",
  try_later: "Please try again later.",
  success: "File replaced successfully. (refresh to see changes)",
} as const;

export type ReplaceState =
  | { status: "idle"; file: File | null; error: string | null }
  | { status: "uploading"; file: File }
  | { status: "success"; message: string }
  | { status: "failure"; file: File | null; message: string; detail: string };

export type ReplaceAction =
  | { type: "choose"; file: File | null }
  | { type: "start"; upsert: string | null }
  | { type: "succeeded" }
  | { type: "failed" }
  | { type: "reset" };

export const initialReplaceState: ReplaceState = { status: "idle", file: null, error: null };

const chosen = (state: ReplaceState): File | null => ("file" in state ? state.file : null);

export function replaceReducer(state: ReplaceState, action: ReplaceAction): ReplaceState {
  switch (action.type) {
    case "choose":
      return state.status === "uploading" ? state : { status: "idle", file: action.file, error: null };
    case "start": {
      if (state.status === "uploading") return state;
      const file = chosen(state);
      if (!file) return { status: "idle", file: null, error: REPLACE_MESSAGES.no_file };
      if (!action.upsert) return { status: "idle", file, error: REPLACE_MESSAGES.not_supported };
      return { status: "uploading", file };
    }
    case "succeeded":
      return state.status === "uploading" ? { status: "success", message: REPLACE_MESSAGES.success } : state;
    case "failed":
      return state.status === "uploading" ? { status: "failure", file: state.file, message: REPLACE_MESSAGES.failed, detail: REPLACE_MESSAGES.try_later } : state;
    case "reset":
      return initialReplaceState;
  }
}
