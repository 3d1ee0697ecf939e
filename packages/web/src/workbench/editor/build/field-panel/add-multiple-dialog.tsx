/** @jsxRuntime automatic */
/** Add Multiple: one value per line; blanks and duplicates are ignored and the button counts the rest. */
import { useState } from "react";
import { Button } from "../../../../ui/button";
import { Dialog } from "../../../../ui/dialog";
import { controlClass } from "../../../../ui/input";
import { cn } from "../../../../ui/cn";

export function AddMultipleDialog({ open, onClose, count, onAdd }: { open: boolean; onClose: () => void; count: (text: string) => number; onAdd: (text: string) => void }) {
  const [text, setText] = useState("");
  const n = count(text);
  const close = () => { setText(""); onClose(); };
  return (
    <Dialog open={open} onClose={close} title="Add multiple options" description="One option per line. Blank lines and values already there are skipped.">
      <form className="grid gap-4" onSubmit={(e) => { e.preventDefault(); if (n) { onAdd(text); close(); } }}>
        <textarea
          autoFocus aria-label="Options, one per line" rows={8} value={text} onChange={(e) => setText(e.target.value)}
          className={cn(controlClass, "h-auto py-2 font-mono")} placeholder={"Small\nMedium\nLarge"}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={n === 0}>{n === 1 ? "Add 1 option" : `Add ${n} options`}</Button>
        </div>
      </form>
    </Dialog>
  );
}
