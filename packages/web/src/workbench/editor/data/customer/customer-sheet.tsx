/** @jsxRuntime automatic */
/**
 * The customer details side sheet (spec 3 §2 "Customer details side sheet", §3 Customer,
 * §7 GET /private/editor/customers/{customer_id}). While it loads, a skeleton in the loaded
 * view's layout (the same labels, value-sized blocks) so nothing moves; a failure shows its
 * message and Retry; a customer that no longer exists says so.
 */
import type { ReactNode } from "react";
import { RotateCw, UserRoundX } from "lucide-react";
import type { CustomerDetails, CustomerResponse } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { cn } from "../../../../ui/cn";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { fetchCustomer } from "../../../api/customers";
import { useResource } from "../../../session/use-resource";
import { SidePanel } from "../../build/side-panel";
import { CUSTOMER_LABELS, customerEntries, failureOf, responseLine, type CustomerEntry } from "./customer-view";

export interface CustomerSheetProps {
  customer_id: string;
  onClose(): void;
  /** Opens one of the customer's responses (its form's grid at that row); without it the list is plain text. */
  onOpenResponse?(response: CustomerResponse): void;
}

const VALUE_WIDTHS = ["w-12", "w-56", "w-44", "w-32", "w-28", "w-24", "w-48", "w-36", "w-36"];

function Details({ entries }: { entries: readonly CustomerEntry[] | null }) {
  return (
    <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm">
      {CUSTOMER_LABELS.map((label, i) => {
        const entry = entries?.[i];
        return (
          <div key={label} className="contents">
            <dt className="leading-5 text-muted">{label}</dt>
            <dd className={cn("min-h-5 min-w-0 leading-5 break-words", entry?.value === "—" ? "text-faint" : "text-fg", entry?.mono && entry.value !== "—" && "font-mono text-xs break-all")}>
              {entry ? entry.value : <Skeleton className={cn("h-4 max-w-full translate-y-0.5", VALUE_WIDTHS[i])} />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

const Responses = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <section className="grid gap-3 border-t border-line pt-5">
    <h3 className="text-sm font-semibold text-fg">{title}</h3>
    {children}
  </section>
);

const ROW = "grid min-h-14 w-full grid-cols-[minmax(0,1fr)_auto] content-center gap-x-3 gap-y-0.5 rounded-md px-3 py-2 text-left";

function ResponseList({ responses, onOpen }: { responses: readonly CustomerResponse[]; onOpen?: (r: CustomerResponse) => void }) {
  if (responses.length === 0) return <p className="text-sm text-muted">No responses yet.</p>;
  return (
    <ul className="grid gap-1">
      {responses.map((r) => {
        const line = responseLine(r);
        const body = (
          <>
            <span className="truncate text-sm font-medium text-fg">{line.title}</span>
            <span className="font-mono text-xs leading-5 text-muted">{line.index}</span>
            <time dateTime={r.created_at} className="col-span-2 text-xs text-muted">{line.date}</time>
          </>
        );
        return (
          <li key={r.id}>
            {onOpen ? (
              <button type="button" onClick={() => onOpen(r)} aria-label={`${line.title} ${line.index}, ${line.date}`}
                className={cn(ROW, "focus-ring cursor-pointer hover:bg-subtle")}>{body}</button>
            ) : <div className={ROW}>{body}</div>}
          </li>
        );
      })}
    </ul>
  );
}

function Loaded({ customer, onOpenResponse }: { customer: CustomerDetails; onOpenResponse?: (r: CustomerResponse) => void }) {
  return (
    <div className="grid gap-5">
      <Details entries={customerEntries(customer)} />
      <Responses title={<>Responses <span className="font-normal text-muted">{customer.responses.length}</span></>}>
        <ResponseList responses={customer.responses} onOpen={onOpenResponse} />
      </Responses>
    </div>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading customer" className="grid gap-5">
      <Details entries={null} />
      <Responses title="Responses">
        <div className="grid gap-1">
          {[0, 1, 2].map((i) => (
            <div key={i} className={ROW}>
              <Skeleton className="h-4 w-40 max-w-full" />
              <Skeleton className="h-4 w-10" />
              <Skeleton className="col-span-2 mt-1 h-3 w-28" />
            </div>
          ))}
        </div>
      </Responses>
    </div>
  );
}

export function CustomerSheet({ customer_id, onClose, onOpenResponse }: CustomerSheetProps) {
  const { state, reload } = useResource(customer_id, (signal) => fetchCustomer(customer_id, signal));
  const failure = state.status === "failed" ? failureOf(state.code, state.message) : null;
  return (
    <SidePanel title="Customer" focusKey={customer_id} onClose={onClose}>
      <div className="grid content-start gap-5 overflow-y-auto px-5 py-5" aria-busy={state.status === "loading" || undefined}>
        {failure?.missing ? (
          <EmptyState icon={UserRoundX} title="This customer no longer exists." />
        ) : failure ? (
          <div role="alert" className="grid justify-items-start gap-3 rounded-md border border-line bg-subtle px-4 py-3">
            <p className="text-sm text-fg">{failure.message}</p>
            <Button size="sm" onClick={reload}><RotateCw />Retry</Button>
          </div>
        ) : state.status === "ready" ? (
          <Loaded customer={state.data} onOpenResponse={onOpenResponse} />
        ) : (
          <Loading />
        )}
      </div>
    </SidePanel>
  );
}
