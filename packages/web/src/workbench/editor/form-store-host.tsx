/** @jsxRuntime automatic */
/**
 * One store for a form's editor pages (the canvas, Form settings, Theme, Ending): it loads
 * the editor document once, keeps it in the Build store (build/build-store.ts) while the
 * owner moves between pages, so undo and redo span them, sends the writes through one
 * in-order save queue with revisions (a refusal rolls back, toasts and reloads), and warns
 * before leaving with writes not yet saved. `PageBar` heads the pages beside the canvas.
 */
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Redo2, Undo2 } from "lucide-react";
import { browserMessages, withButtonLabels, type EditorDocument } from "@fieldwork/core";
import { MessagesProvider } from "../../respondent/messages";
import { Button } from "../../ui/button";
import { fetchEditorDocument } from "../api/form-editor";
import { setLeaveGuard } from "../router/history";
import { useResource } from "../session/use-resource";
import { LoadError } from "../shell/page";
import { FormPageSkeleton } from "./editor-skeleton";
import { command } from "./build/build-reducer";
import { initBuild } from "./build/build-state";
import { BuildStoreContext, createBuildStore, useBuild, useDispatch, type BuildStore } from "./build/build-store";
import { SaveIndicator } from "./build/save-indicator";
import { hasUnsaved, useSaveQueue } from "./build/use-save-queue";

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

function Loaded({ document, readonly, csrf_token, children }: { document: EditorDocument; readonly: boolean; csrf_token: string; children: ReactNode }) {
  const [store] = useState(() => createBuildStore(initBuild({ document, readonly })));
  useSaveQueue(store, document.form_id, csrf_token);
  useLeaveGuard(store);
  return <BuildStoreContext value={store}><FormLanguage>{children}</FormLanguage></BuildStoreContext>;
}

/** The previews (canvas, Theme, Ending) speak the form's language, as its public page does. */
function FormLanguage({ children }: { children: ReactNode }) {
  const lang = useBuild((s) => s.working.theme.lang);
  const labels = useBuild((s) => s.working.theme.button_labels);
  const messages = useMemo(() => withButtonLabels(browserMessages(lang), labels), [lang, labels]);
  return <MessagesProvider messages={messages}>{children}</MessagesProvider>;
}

export interface FormStoreHostProps {
  form_id: string;
  /** The page's heading while the document loads, or when it could not be. */
  title: string;
  canEdit: boolean;
  csrf_token: string;
  children: ReactNode;
}

export function FormStoreHost({ form_id, title, canEdit, csrf_token, children }: FormStoreHostProps) {
  const { state, reload } = useResource(form_id, (signal) => fetchEditorDocument(form_id, signal));
  if (state.status === "loading") return <FormPageSkeleton title={title} />;
  if (state.status === "failed") {
    return <div className="mx-auto w-full max-w-3xl px-4 py-8"><h1 className="sr-only">{title}</h1><LoadError message={state.message} onRetry={reload} /></div>;
  }
  return <Loaded document={state.data} readonly={!canEdit} csrf_token={csrf_token} children={children} />;
}

/** The sticky bar of a page: its title, then the save state and undo / redo (editors only). */
export function PageBar({ title, description }: { title: string; description?: string }) {
  const readonly = useBuild((s) => s.readonly);
  const canUndo = useBuild((s) => s.undo.length > 0);
  const canRedo = useBuild((s) => s.redo.length > 0);
  const dispatch = useDispatch();
  return (
    <div className="sticky top-0 z-20 -mx-4 flex items-center gap-2 border-b border-line bg-page/95 px-4 py-2 backdrop-blur">
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-fg">{title}</h1>
        {description ? <p className="truncate text-xs text-muted">{description}</p> : null}
      </div>
      {readonly ? <span className="text-xs text-muted">Read only: viewers cannot change the form.</span> : (
        <>
          <SaveIndicator />
          <Button variant="ghost" size="icon" aria-label="Undo" title="Undo (Ctrl+Z)" disabled={!canUndo} onClick={() => dispatch(command("undo", {}))}><Undo2 /></Button>
          <Button variant="ghost" size="icon" aria-label="Redo" title="Redo (Shift+Ctrl+Z)" disabled={!canRedo} onClick={() => dispatch(command("redo", {}))}><Redo2 /></Button>
        </>
      )}
    </div>
  );
}
