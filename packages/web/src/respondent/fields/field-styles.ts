/** Shared class lists of field controls, so every renderer has one look. */

export const controlClass =
  "block w-full min-h-12 rounded-xl border border-line bg-field px-4 py-3 text-base text-fg shadow-xs " +
  "placeholder:text-muted/70 transition-[border-color,box-shadow] duration-150 " +
  "hover:border-line-strong focus:border-accent focus:outline-none focus:ring-4 focus:ring-accent-soft " +
  "user-invalid:border-danger user-invalid:focus:ring-danger-soft " +
  "[&[readonly]]:bg-subtle [&[readonly]]:text-muted disabled:cursor-not-allowed disabled:opacity-60";

export const optionCardClass =
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-field px-4 py-3 " +
  "text-base text-fg transition-colors duration-150 hover:border-line-strong " +
  "has-checked:border-accent has-checked:bg-accent-soft " +
  "has-focus-visible:ring-4 has-focus-visible:ring-accent-soft " +
  "has-disabled:cursor-not-allowed has-disabled:opacity-50 has-disabled:hover:border-line";

export const nativeCheckClass = "size-5 shrink-0 cursor-pointer accent-accent focus:outline-none disabled:cursor-not-allowed";
