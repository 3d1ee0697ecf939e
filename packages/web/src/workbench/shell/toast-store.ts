/**
 * Small notices outside forms (a failed sign-out, "Organization created"). A module-level
 * store: `toast.error(message)` from anywhere, `<Toaster>` renders the list.
 */
export interface Toast {
  id: number;
  tone: "error" | "success";
  message: string;
}

type Listener = () => void;

export function createToastStore(timeoutMs = 5000, schedule: (fn: () => void, ms: number) => void = (fn, ms) => void setTimeout(fn, ms)) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  const dismiss = (id: number) => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };
  const push = (tone: Toast["tone"], message: string) => {
    const id = nextId++;
    // At most three at once: the oldest goes first.
    toasts = [...toasts, { id, tone, message }].slice(-3);
    emit();
    schedule(() => dismiss(id), timeoutMs);
    return id;
  };
  return {
    error: (message: string) => push("error", message),
    success: (message: string) => push("success", message),
    dismiss,
    snapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const toast = createToastStore();
