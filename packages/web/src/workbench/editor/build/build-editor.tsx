/** @jsxRuntime automatic */
/**
 * The form's Build editor: loads the editor document, keeps it in the Build store, sends
 * its writes and warns before leaving with writes not yet saved.
 */
import { useEffect, useState } from "react";
import type { EditorDocument } from "@fieldwork/core";
import { fetchEditorDocument } from "../../api/form-editor";
import { useResource } from "../../session/use-resource";
import { LoadError, RowsSkeleton } from "../../shell/page";
import { setLeaveGuard } from "../../router/history";
import { initBuild } from "./build-state";
import { BuildStoreContext, createBuildStore, type BuildStore } from "./build-store";
import { BuildCanvas } from "./build-canvas";
import { hasUnsaved, useSaveQueue } from "./use-save-queue";

const LEAVE_MESSAGE = "Some changes are still being saved. Leave anyway?";

function useLeaveGuard(store: BuildStore) {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsaved(store)) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    setLeaveGuard(() => !hasUnsaved(store) || window.confirm(LEAVE_MESSAGE));
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      setLeaveGuard(null);
    };
  }, [store]);
}

function Loaded({ document, readonly, csrf_token, title }: { document: EditorDocument; readonly: boolean; csrf_token: string; title: string }) {
  const [store] = useState(() => createBuildStore(initBuild({ document, readonly })));
  useSaveQueue(store, document.form_id, csrf_token);
  useLeaveGuard(store);
  return (
    <BuildStoreContext value={store}>
      <BuildCanvas title={title} />
    </BuildStoreContext>
  );
}

export function BuildEditor({ form_id, canEdit, csrf_token, title }: { form_id: string; canEdit: boolean; csrf_token: string; title: string }) {
  const { state, reload } = useResource(form_id, (signal) => fetchEditorDocument(form_id, signal));
  if (state.status === "loading") return <div className="mx-auto w-full max-w-3xl px-4 py-8"><RowsSkeleton rows={5} rowClassName="h-20" /></div>;
  if (state.status === "failed") return <div className="mx-auto w-full max-w-3xl px-4 py-8"><LoadError message={state.message} onRetry={reload} /></div>;
  return <Loaded document={state.data} readonly={!canEdit} csrf_token={csrf_token} title={title} />;
}
