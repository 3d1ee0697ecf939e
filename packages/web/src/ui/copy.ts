/**
 * Copies text to the clipboard: the async Clipboard API, else a hidden textarea and
 * `execCommand("copy")` placed in `container` (inside an open modal, the rest of the page
 * is inert and cannot be selected). Resolves with whether it worked.
 */
export async function copyText(text: string, container?: HTMLElement | null): Promise<boolean> {
  try {
    if (typeof navigator !== "undefined" && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the old way.
  }
  if (typeof document === "undefined") return false;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  (container ?? document.body).append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** What a copy button's status region says (spec 3 §8: "Copy"). */
export const COPY_STATUS = {
  copying: "Copying to clipboard...",
  copied: "Copied to clipboard",
  failed: "Failed to copy to clipboard",
} as const;
export type CopyState = keyof typeof COPY_STATUS;
