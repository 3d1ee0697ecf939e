/** @jsxRuntime automatic */
import type { ComponentProps } from "react";
import { isPlainClick, navigate } from "./history";

/** An `<a>` that navigates inside the app; modified clicks (new tab…) stay native. */
export function Link({ href, onClick, target, ...props }: ComponentProps<"a"> & { href: string }) {
  return (
    <a
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(href);
      }}
      {...props}
    />
  );
}
