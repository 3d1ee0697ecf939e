/** @jsxRuntime automatic */
/**
 * Placeholder while a client-mounted form loads: the same card, title and field geometry as
 * the form (label 24px + 12px gap + 48px control, 32px between fields), so nothing moves
 * when the form arrives. It has no words: before the preload the form's language is unknown.
 */
import { CARD_PADDING, Card, FormPage } from "./form-page";

const bar = "animate-pulse rounded-lg bg-line/60";

export function FormSkeleton() {
  return (
    <FormPage powered_by={false}>
      <Card>
        <div className={CARD_PADDING} data-testid="form-skeleton" aria-busy="true">
          <div className={`${bar} h-[34px] w-2/3`} />
          <div className="mt-10 space-y-8">
            {[0, 1, 2].map((i) => (
              <div key={i}>
                <div className={`${bar} h-6 ${i === 1 ? "w-40" : "w-28"}`} />
                <div className={`${bar} mt-3 h-12 w-full rounded-xl`} />
              </div>
            ))}
          </div>
          <div className="mt-10 flex justify-end">
            <div className={`${bar} h-12 w-28 rounded-xl`} />
          </div>
        </div>
      </Card>
    </FormPage>
  );
}
