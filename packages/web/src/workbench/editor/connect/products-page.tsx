/** @jsxRuntime automatic */
/**
 * `connect/store/products` (spec 2 §2): the products of this form's store. Each product
 * shows its price and stock state, and its values with price, SKU, stock (adjusted here) and
 * the option of this form that sells them (the public form then shows that option's stock
 * and "Sold out" at 0). New product and Edit open the product editor; Delete is refused while
 * a form option sells a value. A form without a store is sent to get-started.
 */
import { useState } from "react";
import { Package, Plus } from "lucide-react";
import { formatPrice, type FormField, type Product, type ProductValue, type StoreProducts } from "@fieldwork/core";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState } from "../../../ui/empty-state";
import { fetchEditorDocument } from "../../api/form-editor";
import { fetchInventory } from "../../api/inventory";
import { messageOf } from "../../api/http";
import { adjustValue, deleteProduct, fetchStore, linkOptionProduct, saveProduct, unlinkOptionProduct } from "../../api/store";
import { Link } from "../../router/link";
import { useSession } from "../../session/session-context";
import { useResource } from "../../session/use-resource";
import { LoadError } from "../../shell/page";
import { toast } from "../../shell/toast-store";
import { useBuild } from "../build/build-store";
import { PageBar } from "../form-store-host";
import { ProductEditor } from "./product-editor";
import { ProductValues, type ValueActions } from "./product-values";
import { StockBadge } from "./stock-badge";
import { storePath } from "./store-paths";

/**
 * The store's products and the form's fields as the server has them: option ids the editor
 * made a moment ago may still be local, and a link names the server's option.
 */
async function loadProducts(form_id: string, signal: AbortSignal): Promise<(StoreProducts & { fields: FormField[] }) | null> {
  const [{ store }, document] = await Promise.all([fetchInventory(form_id, signal), fetchEditorDocument(form_id, signal)]);
  return store ? { ...(await fetchStore(store.id, signal)), fields: document.fields } : null;
}

export function ProductsPage() {
  const form_id = useBuild((s) => s.working.form_id);
  const document_id = useBuild((s) => s.working.document_id);
  const readonly = useBuild((s) => s.readonly);
  const csrf_token = useSession().state.me?.csrf_token ?? "";
  const { state: resource, reload } = useResource(form_id, (signal) => loadProducts(form_id, signal));
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const data = resource.status === "ready" ? resource.data : null;
  const store = data?.store ?? null;
  const attempt = async (call: () => Promise<unknown>, done?: string) => {
    try {
      await call();
      if (done) toast.success(done);
    } catch (error) {
      toast.error(messageOf(error));
    }
    reload();
  };
  const actions: ValueActions = {
    adjust: (value: ProductValue, available: number) => attempt(() => adjustValue(store!.id, value.id, { available }, { csrf_token })),
    link: (value: ProductValue, option_id: string | null) => attempt(() => (option_id
      ? linkOptionProduct(form_id, option_id, { product_option_value_id: value.id }, { csrf_token })
      : unlinkOptionProduct(form_id, value.form_option!.option_id, { csrf_token }))),
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 px-4 pb-24">
      <PageBar title="Products" description={store ? `${store.name} · prices in ${store.currency}` : "Products, prices and stock of this form's store."} />
      {resource.status === "failed" ? <LoadError message={resource.message} onRetry={reload} /> : null}
      {resource.status === "ready" && !data ? (
        <EmptyState icon={Package} title="This form has no store yet"
          action={<Link className="text-sm font-medium text-accent underline-offset-4 hover:underline" href={storePath(window.location.pathname, document_id, "connect/store/get-started")}>Set up a store</Link>}>
          Products, their prices and stock live in a store.
        </EmptyState>
      ) : null}
      {data && store ? (
        <>
          <div className="flex justify-end">
            <Button variant="primary" size="sm" disabled={readonly || editing !== null} onClick={() => setEditing("new")}><Plus aria-hidden="true" />New product</Button>
          </div>
          {editing === "new" ? (
            <ProductEditor product={null} currency={store.currency} onCancel={() => setEditing(null)}
              onSave={async (body) => { await saveProduct(store.id, null, body, { csrf_token }).catch(rethrowMessage); setEditing(null); reload(); }} />
          ) : null}
          {!data.products.length && editing !== "new" ? (
            <EmptyState icon={Package} title="No products yet">Add a product with its options (such as Size) and their prices and stock.</EmptyState>
          ) : null}
          {data.products.map((product) => (editing === product.id ? (
            <ProductEditor key={product.id} product={product} currency={store.currency} onCancel={() => setEditing(null)}
              onSave={async (body) => { await saveProduct(store.id, product.id, body, { csrf_token }).catch(rethrowMessage); setEditing(null); reload(); }} />
          ) : (
            <section key={product.id} aria-label={product.name} className="grid gap-3 rounded-lg border border-line bg-card px-4 py-3 shadow-xs">
              <header className="flex flex-wrap items-center gap-2">
                <h2 className="text-sm font-medium text-fg">{product.name}</h2>
                <span className="text-sm text-muted">{formatPrice(product.price, store.currency)}</span>
                {product.state ? <StockBadge state={product.state} /> : null}
                <span className="flex-1" />
                <Button variant="ghost" size="sm" disabled={readonly || editing !== null} onClick={() => setEditing(product.id)}>Edit</Button>
                <Button variant="ghost" size="sm" disabled={readonly} onClick={() => setDeleting(product)}>Delete</Button>
              </header>
              {product.description ? <p className="text-sm text-muted">{product.description}</p> : null}
              {product.options.length
                ? <ProductValues product={product} currency={store.currency} form_id={form_id} fields={data.fields} readonly={readonly} actions={actions} />
                : <p className="text-xs text-muted">No options: add one (such as Size) to track stock and sell it through a form option.</p>}
            </section>
          )))}
        </>
      ) : null}
      <ConfirmDialog open={deleting !== null} onClose={() => setDeleting(null)} title={`Delete ${deleting?.name ?? "product"}?`} confirmLabel="Delete product" danger
        onConfirm={() => attempt(() => deleteProduct(store!.id, deleting!.id, { csrf_token }), "Product deleted.")}>
        Its options, values, stock and stock history are removed. A product a form option sells cannot be deleted.
      </ConfirmDialog>
    </div>
  );
}

const rethrowMessage = (error: unknown): never => {
  throw new Error(messageOf(error));
};
