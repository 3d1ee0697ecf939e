/**
 * Names and timings only the workbench and the server use. Apart from constants.ts so the
 * public form's first load (which shares a chunk with the workbench for what both import)
 * carries none of them.
 */

/** The header a signed-in workbench sends with every change: the CSRF token of its session. */
export const CSRF_HEADER = "x-fieldwork-csrf";

/** How long a copy button confirms (spec 1 §9: "Copy confirmation: 2 s"). */
export const COPY_CONFIRM_MS = 2000;

/** The collapsing search box (spec 1 §2.3, §9): 36 px (an icon) to 200 px over 0.15 s. */
export const SEARCH_BOX = { collapsed_px: 36, expanded_px: 200, expand_s: 0.15 } as const;
