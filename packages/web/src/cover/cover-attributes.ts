/** The data attributes by which the cover's script finds what the server drew (cover-view.tsx). */
export const COVER_ATTR = {
  root: "data-fw-cover",
  countdown: "data-fw-countdown",
  label: "data-fw-footer-label",
  register: "data-fw-register",
  carousel: "data-fw-carousel",
  texts: "data-fw-texts",
} as const;
