/** @jsxRuntime automatic */
/** "Powered by Fieldwork", shown when `options.is_powered_by_branding_enabled`. */
export function PoweredBy({ className = "" }: { className?: string }) {
  return (
    <p className={`flex justify-center ${className}`}>
      <a
        href="/"
        className="inline-flex min-h-9 items-center gap-2 rounded-full px-3 text-sm text-muted transition-colors hover:bg-card hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-soft"
      >
        <span aria-hidden="true" className="grid size-5 place-items-center rounded-md bg-fg text-[11px] font-bold text-card">
          F
        </span>
        Powered by <strong className="font-semibold text-fg">Fieldwork</strong>
      </a>
    </p>
  );
}
