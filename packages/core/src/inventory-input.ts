/**
 * The workbench's inventory adjust inputs (spec 3 §5). Apart from inventory.ts, whose stock
 * words the public form reads: the form's first load carries none of this.
 */
import { INVENTORY_MAX } from "./inventory";

/**
 * What an adjust input holds once the owner leaves it (spec 3 §5): a non-number or a
 * negative value resets to 0; a fraction drops to the whole number below; at most
 * `INVENTORY_MAX`.
 */
export function levelInput(text: string): number {
  const value = Number(text.trim());
  if (text.trim() === "" || !Number.isFinite(value) || value < 0) return 0;
  return Math.min(Math.floor(value), INVENTORY_MAX);
}
