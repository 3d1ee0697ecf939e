/** @jsxRuntime automatic */
/** 'Saving...', 'Saved!' or 'Failed to save.' (spec 2 §8), announced politely. */
import { Check, CircleAlert, LoaderCircle } from "lucide-react";
import { useBuild } from "./build-store";

export function SaveIndicator() {
  const status = useBuild((s) => s.status);
  const error = useBuild((s) => s.error);
  return (
    <p role="status" className="flex min-w-24 items-center gap-1.5 text-xs text-muted [&_svg]:size-3.5" title={error ?? undefined}>
      {status === "saving" ? <><LoaderCircle aria-hidden="true" className="animate-spin" />Saving...</> : null}
      {status === "saved" ? <><Check aria-hidden="true" className="text-success" />Saved!</> : null}
      {status === "failed" ? <><CircleAlert aria-hidden="true" className="text-danger" />Failed to save.</> : null}
    </p>
  );
}
