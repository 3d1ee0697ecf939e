/** @jsxRuntime automatic */
import { Ellipsis } from "lucide-react";
import { Menu, type MenuItem } from "./menu";

/**
 * The "⋯" menu at the end of a list row. The button sits above a row-wide link (`relative
 * z-10`), so rows can be links and still have actions.
 */
export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <Menu
      label={label}
      button={<Ellipsis aria-hidden="true" className="size-4" />}
      buttonClassName="relative z-10 grid size-8 place-items-center rounded-md text-muted hover:bg-selected hover:text-fg aria-expanded:bg-selected aria-expanded:text-fg"
      menuClassName="w-52"
      items={items}
    />
  );
}
