/** @jsxRuntime automatic */
/**
 * `connect/store/get-started` (spec 2 §2): set up this form's store. A name and a currency
 * (prices are whole minor units of it) create the store in the form's project and link it;
 * then the products page opens. A form that has a store is sent on to its products.
 */
import { useState, type FormEvent } from "react";
import { Store as StoreIcon } from "lucide-react";
import { isCurrencyCode } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { EmptyState } from "../../../ui/empty-state";
import { Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { fetchInventory, linkStore } from "../../api/inventory";
import { messageOf } from "../../api/http";
import { navigate } from "../../router/history";
import { Link } from "../../router/link";
import { useSession } from "../../session/session-context";
import { useResource } from "../../session/use-resource";
import { LoadError } from "../../shell/page";
import { useBuild } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { SettingCard } from "../settings/settings-controls";
import { COMMON_CURRENCIES, storePath } from "./store-paths";

export function StoreGetStartedPage() {
  const form_id = useBuild((s) => s.working.form_id);
  const document_id = useBuild((s) => s.working.document_id);
  const readonly = useBuild((s) => s.readonly);
  const csrf_token = useSession().state.me?.csrf_token ?? "";
  const { state: resource, reload } = useResource(form_id, (signal) => fetchInventory(form_id, signal));
  const [name, setName] = useState("");
  const [currency, setCurrency] = useState("USD");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const code = currency.trim().toUpperCase();
  const currencyProblem = isCurrencyCode(code) ? null : "A 3-letter ISO 4217 code, such as USD.";
  const products = storePath(window.location.pathname, document_id, "connect/store/products");

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || currencyProblem) return;
    setBusy(true);
    setMessage(null);
    try {
      await linkStore(form_id, { name: name.trim(), currency: code }, { csrf_token });
      navigate(products);
    } catch (error) {
      setMessage(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 pb-24">
      <PageBar title="Set up a store" description="Sell products through this form's choice fields, with prices and stock." />
      {resource.status === "failed" ? <LoadError message={resource.message} onRetry={reload} /> : null}
      {resource.status === "ready" && resource.data.store ? (
        <EmptyState icon={StoreIcon} title={`This form sells from ${resource.data.store.name}`}
          action={<Link className="text-sm font-medium text-accent underline-offset-4 hover:underline" href={products}>Open products</Link>}>
          Its products, prices and stock are on the products page.
        </EmptyState>
      ) : null}
      {resource.status === "ready" && !resource.data.store ? (
        <SettingCard title="New store" description="The store belongs to this project: other forms of the project can sell from it too.">
          <form className="grid gap-4" onSubmit={(event) => void create(event)}>
            <Field label="Store name">
              {(p) => <Input {...p} value={name} disabled={readonly} maxLength={256} onChange={(e) => { setName(e.target.value); setMessage(null); }} />}
            </Field>
            <div className="max-w-xs">
              <Field label="Currency" error={currencyProblem} hint="Prices are kept in this currency's smallest unit (cents for USD).">
                {(p) => <Input {...p} value={currency} list="store-currencies" disabled={readonly} maxLength={3} className="font-mono uppercase"
                  onChange={(e) => setCurrency(e.target.value)} />}
              </Field>
            </div>
            <datalist id="store-currencies">{COMMON_CURRENCIES.map((c) => <option key={c} value={c} />)}</datalist>
            {message ? <p role="alert" className="text-sm text-danger">{message}</p> : null}
            <div>
              <Button type="submit" variant="primary" loading={busy} disabled={readonly || !name.trim() || currencyProblem !== null}>Create store</Button>
            </div>
          </form>
        </SettingCard>
      ) : null}
    </div>
  );
}
