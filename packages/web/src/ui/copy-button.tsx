/** @jsxRuntime automatic */
import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";
import { COPY_CONFIRM_MS } from "@fieldwork/core";
import { COPY_STATUS, copyText, type CopyState } from "./copy";

/**
 * Copies `text` and says "Copied" (with a check) for two seconds (spec 1 §9, COPY_CONFIRM_MS);
 * a status region tells screen readers in spec 3 §8's words (COPY_STATUS). `onFailure` runs
 * when the browser refuses (the text stays selectable).
 * `what` completes the button's name for screen readers ("Copy form link") where a page has
 * several, keeping the visible word first in it.
 */
export function CopyButton({ text, onFailure, what, className, ...props }: Omit<ButtonProps, "onClick" | "children"> & { text: string; onFailure?: () => void; what?: string }) {
  const [state, setState] = useState<CopyState | null>(null);
  const copied = state === "copied";
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state !== "copied" && state !== "failed") return;
    const timer = setTimeout(() => setState(null), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    setState("copying");
    if (await copyText(text, ref.current?.parentElement)) setState("copied");
    else {
      setState("failed");
      onFailure?.();
    }
  };
  return (
    <>
      <Button ref={ref} {...props} className={cn("w-24", className)} onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        {copied ? "Copied" : "Copy"}
        {what ? <span className="sr-only"> {what}</span> : null}
      </Button>
      <span role="status" className="sr-only">{state ? COPY_STATUS[state] : ""}</span>
    </>
  );
}
