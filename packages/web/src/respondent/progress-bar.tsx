/** @jsxRuntime automatic */
/** The thin bar along the card's top edge: how far through the sections the respondent is. */
export function ProgressBar({ position, total, className = "" }: { position: number; total: number; className?: string }) {
  if (total < 2) return null;
  const percent = Math.round((position / total) * 100);
  return (
    <div className={`absolute inset-x-0 top-0 h-1 bg-subtle ${className}`} aria-hidden="true">
      <div className="h-full rounded-e-full bg-accent transition-[width] duration-300 ease-out" style={{ width: `${percent}%` }} />
    </div>
  );
}
