/** @jsxRuntime automatic */
/** "Powered by Fieldwork" in the form's language, shown when `options.is_powered_by_branding_enabled`. */
import { useMessages } from "./messages";

export function PoweredBy({ className = "" }: { className?: string }) {
  const [before, after] = useMessages()["form.powered_by"].split("{brand}");
  return (
    <p className={`flex justify-center ${className}`}>
      <a
        href="/"
        className="inline-flex min-h-9 items-center gap-2 rounded-full px-3 text-sm text-muted transition-colors hover:bg-card hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft"
      >
        <span aria-hidden="true" className="grid size-5 place-items-center rounded-md bg-fg text-[11px] font-bold text-card">
          F
        </span>
        <span>{before}<strong className="font-semibold text-fg">Fieldwork</strong>{after}</span>
      </a>
    </p>
  );
}
