/** @jsxRuntime automatic */
import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";
import { COPY_CONFIRM_MS } from "@fieldwork/core";
import { copyText } from "./copy";

/**
 * Copies `text` and says "Copied" (with a check) for two seconds (spec 1 §9, COPY_CONFIRM_MS); a status region tells
 * screen readers. `onFailure` runs when the browser refuses (the text stays selectable).
 * `what` completes the button's name for screen readers ("Copy form link") where a page has
 * several, keeping the visible word first in it.
 */
export function CopyButton({ text, onFailure, what, className, ...props }: Omit<ButtonProps, "onClick" | "children"> & { text: string; onFailure?: () => void; what?: string }) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await copyText(text, ref.current?.parentElement)) setCopied(true);
    else onFailure?.();
  };
  return (
    <>
      <Button ref={ref} {...props} className={cn("w-24", className)} onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        {copied ? "Copied" : "Copy"}
        {what ? <span className="sr-only"> {what}</span> : null}
      </Button>
      <span role="status" className="sr-only">{copied ? "Copied to the clipboard" : ""}</span>
    </>
  );
}
