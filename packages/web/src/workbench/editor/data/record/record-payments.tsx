/** @jsxRuntime automatic */
/**
 * The record panel's Payment section (issue 23): the row's money movements (each charge and
 * refund the provider made: kind, amount, status, provider and id, date) and, for editors, a
 * Refund button behind a confirm dialog; the receipt's data (lines bought, total, the buyer's
 * email when the form asked for one). The server refunds once; a refusal (refunded
 * already, provider unreachable) shows its message under the list.
 */
import { useEffect, useState } from "react";
import { formatPaymentAmount, movementLine, receiptLineText, type RowPayments } from "@fieldwork/core";
import { Button } from "../../../../ui/button";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { isAbort, messageOf } from "../../../api/http";
import { fetchRowPayments, refundRow } from "../../../api/payments";

export interface RecordPaymentsProps {
  form_id: string;
  row_id: string;
  canEdit: boolean;
  csrf_token: string;
}

export function RecordPayments({ form_id, row_id, canEdit, csrf_token }: RecordPaymentsProps) {
  const [data, setData] = useState<RowPayments | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchRowPayments(form_id, row_id, controller.signal)
      .then(setData, (e: unknown) => { if (!isAbort(e)) setError(messageOf(e)); });
    return () => controller.abort();
  }, [form_id, row_id]);

  if (!data && !error) return null;
  if (data && data.payments.length === 0) return null;
  const refund = async () => {
    setError(null);
    try {
      setData(await refundRow(form_id, row_id, { csrf_token }));
    } catch (e) {
      setError(messageOf(e));
      // What the server knows now (a refund of another tab, a movement recorded meanwhile).
      fetchRowPayments(form_id, row_id).then(setData, () => undefined);
    }
  };
  const charged = data?.payments.find((p) => p.status === "completed");
  // The receipt of the row's payment (the one that stored it, refunded or not).
  const receipt = data?.payments.findLast((p) => p.receipt)?.receipt ?? null;
  return (
    <section aria-label="Payment" className="grid gap-3 border-t border-line pt-5">
      <h3 className="text-sm font-semibold text-fg">Payment</h3>
      {data ? (
        <ul className="grid gap-2 text-sm">
          {data.movements.map((m) => {
            const line = movementLine(m);
            return (
              <li key={m.id} data-kind={m.kind} className="grid gap-0.5">
                <span className="text-fg">{line.title}</span>
                <span className="font-mono text-xs text-muted">{line.provider}</span>
                <span className="text-xs text-faint">{line.date}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {receipt ? (
        <div className="grid gap-1 text-sm" data-fw-receipt="">
          <h4 className="text-xs font-medium text-muted">Receipt</h4>
          <ul className="grid gap-0.5">
            {receipt.lines.map((line, i) => <li key={i}>{receiptLineText(line, receipt.currency)}</li>)}
          </ul>
          <p className="text-fg">Total {formatPaymentAmount(receipt.total, receipt.currency)}</p>
          {receipt.email ? <p className="text-xs text-muted">Buyer {receipt.email}</p> : null}
        </div>
      ) : null}
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      {canEdit && data?.refundable ? (
        <div>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>Refund</Button>
        </div>
      ) : null}
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title="Refund this payment?" confirmLabel="Refund" danger onConfirm={refund}>
        {charged ? `The provider gives ${formatPaymentAmount(charged.amount, charged.currency)} back to the buyer. ` : ""}
        The answer and its stock stay. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
