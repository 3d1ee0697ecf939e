/** @jsxRuntime automatic */
import { useSyncExternalStore } from "react";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { toast } from "./toast-store";

const EMPTY: readonly never[] = [];

export function Toaster() {
  const toasts = useSyncExternalStore(toast.subscribe, toast.snapshot, () => EMPTY);
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed right-4 bottom-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto">
      {toasts.map((t) => {
        const Icon = t.tone === "error" ? CircleAlert : CircleCheck;
        return (
          <div key={t.id} className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border border-line bg-card p-3 text-sm text-fg shadow-pop">
            <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${t.tone === "error" ? "text-danger" : "text-success"}`} />
            <p className="min-w-0 flex-1">{t.message}</p>
            <button type="button" onClick={() => toast.dismiss(t.id)} aria-label="Dismiss" className="focus-ring -m-1 grid size-6 cursor-pointer place-items-center rounded text-muted hover:bg-subtle hover:text-fg">
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
