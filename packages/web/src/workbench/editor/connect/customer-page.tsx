/** @jsxRuntime automatic */
/**
 * `connect/customer` (spec 2 §6): who a response belongs to. Without more, a visitor is a
 * customer per browser fingerprint; a link or embed that names a `customer_id` (a uuid v4
 * from your own system) ties the answers to that customer instead, and the browser keeps it
 * for its later visits. "Limit responses per person" (Form settings) counts by it.
 */
import { useState } from "react";
import { CUSTOMER_ID_PARAM, prefillLink, scriptSnippet } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { useBuild } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { SettingCard } from "../settings/settings-controls";
import { CopyText } from "./share-controls";
import { customerIdProblem } from "./share-state";

export function CustomerPage() {
  const form_id = useBuild((s) => s.working.form_id);
  const limit = useBuild((s) => s.working.settings.max_form_responses_by_customer);
  const [customer, setCustomer] = useState("");
  const problem = customerIdProblem(customer);
  const params: Record<string, string> = customer.trim() && !problem ? { [CUSTOMER_ID_PARAM]: customer.trim().toLowerCase() } : {};
  const origin = location.origin;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 pb-24">
      <PageBar title="Customer identity" description="Tie responses to the customers of your own system." />
      <SettingCard title="How visitors are recognised">
        <ul className="grid list-disc gap-2 pl-5 text-sm text-fg">
          <li>By default each browser is one customer, recognised by its fingerprint.</li>
          <li>
            A link or an embed that carries <code className="font-mono">{CUSTOMER_ID_PARAM}</code> (a UUID v4) names the customer instead;
            the browser remembers it for a year, and the response’s row records it.
          </li>
          <li>
            {limit === null
              ? "This form takes any number of responses per customer (Form settings › Limit responses per person)."
              : `This form takes ${limit} ${limit === 1 ? "response" : "responses"} per customer (Form settings › Limit responses per person); a customer past it sees “already responded”.`}
          </li>
        </ul>
      </SettingCard>
      <SettingCard title="Link for one customer" description="Type or generate a customer id to get their link and embed snippet.">
        <Field label="Customer id" error={problem} hint="A UUID v4, lowercase or not.">
          {(p) => (
            <div className="flex gap-2">
              <Input {...p} value={customer} placeholder="3f0c8a2e-5b7d-4c1a-9e6f-2d8b7a1c0e94" className="font-mono" onChange={(event) => setCustomer(event.target.value)} />
              <Button size="sm" onClick={() => setCustomer(crypto.randomUUID())}>Generate</Button>
            </div>
          )}
        </Field>
        <CopyText label="Customer link" value={prefillLink(origin, form_id, params)} />
        <CopyText label="Script tag for this customer" value={scriptSnippet(origin, form_id, params)} multiline />
      </SettingCard>
    </div>
  );
}
