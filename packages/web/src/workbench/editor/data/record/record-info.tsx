/** @jsxRuntime automatic */
/**
 * The record's info (spec 2 §2 "Record editor panel"), behind the panel's Show info
 * toggle: general info (ids, time, where it came from), customer info with "More about
 * this customer" when the row has a customer, and the raw meta as JSON.
 */
import type { ReactNode } from "react";
import { UserRound } from "lucide-react";
import { Button } from "../../../../ui/button";
import { cn } from "../../../../ui/cn";
import type { Row } from "../../../api/data-api";
import { customerIdOf, customerInfo, generalInfo, rawMeta, type InfoEntry } from "./record-display";

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="grid gap-3 border-t border-line pt-5">
    <h3 className="text-sm font-semibold text-fg">{title}</h3>
    {children}
  </section>
);

export function InfoTable({ entries }: { entries: readonly InfoEntry[] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {entries.map((entry) => (
        <div key={entry.label} className="contents">
          <dt className="text-muted">{entry.label}</dt>
          <dd className={cn("min-w-0 break-words", entry.value === "—" ? "text-faint" : "text-fg", entry.mono && entry.value !== "—" && "font-mono text-xs leading-5")}>{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordInfo({ id, row, table, onOpenCustomer }: { id: string; row: Row; table: string; onOpenCustomer: (customer_id: string) => void }) {
  const customer_id = customerIdOf(row, table);
  const general = generalInfo(row);
  return (
    <div id={id} className="grid gap-5">
      {general.length > 0 ? <Section title="General"><InfoTable entries={general} /></Section> : null}
      <Section title="Customer">
        <InfoTable entries={customerInfo(row, customer_id)} />
        {customer_id ? (
          <div>
            <Button size="sm" onClick={() => onOpenCustomer(customer_id)}><UserRound />More about this customer</Button>
          </div>
        ) : null}
      </Section>
      <Section title="Meta">
        <pre aria-label="Raw meta" tabIndex={0} className="focus-ring max-h-72 overflow-auto rounded-md border border-line bg-subtle px-3 py-2 font-mono text-xs text-fg">
          {rawMeta(row)}
        </pre>
      </Section>
    </div>
  );
}
