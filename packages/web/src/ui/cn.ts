/** Joins class names, skipping falsy ones (`cn("a", cond && "b")`). */
export { clsx as cn } from "clsx";
