/**
 * An action outside a form (a menu item, a confirmation, a button) that reports by toast:
 * `run` answers the success sentence, `after` follows it (reload a list, move on); any
 * failure becomes an error toast. Answers whether it succeeded.
 */
import { messageOf } from "../api/http";
import { toast } from "./toast-store";

export async function toastAction(run: () => Promise<string>, after?: () => unknown): Promise<boolean> {
  try {
    toast.success(await run());
    await after?.();
    return true;
  } catch (error) {
    toast.error(messageOf(error));
    return false;
  }
}
