/** @jsxRuntime automatic */
/**
 * The public form application. With a server preload it renders (and hydrates) the form;
 * without one (client-only mount) it shows the skeleton while it loads the session and the
 * preload. A preload carrying an error goes to that error's page (spec 1 §8); a load that
 * fails outright shows the not-found state. Everything below speaks the form's language: the
 * preload carries its sentences (messages.ts).
 */
import { useEffect, useState } from "react";
import { formPath, PARAM, type FormPreload } from "@fieldwork/core";
import { fetchPreload, fetchSessionId } from "./api";
import { FormSkeleton } from "./form-skeleton";
import { FormView } from "./form-view";
import { EmptyFormState, NotFoundState } from "./not-found-state";
import { MessagesProvider } from "./messages";
import { loadErrorOutcome, loadOutcome, type LoadOutcome } from "./outcomes";
import { readStoredSession, storeSession } from "./session-store";

export interface FormAppProps {
  /** The server's preload; `null` for a client-only mount. */
  preload: FormPreload | null;
  /** The form's action, `/submit/{form_id}`. */
  submit_action: string;
  /** URL parameters of the page (passed to the load, and prefilling fields). */
  query?: Record<string, string>;
  /** Needed for a client-only mount: the id in `/d/e/{form_id}`. */
  form_id?: string;
}

const NO_QUERY: Record<string, string> = {};

export function FormApp({ preload, submit_action, query = NO_QUERY, form_id }: FormAppProps) {
  if (!preload) return <ClientLoadedForm form_id={form_id ?? ""} submit_action={submit_action} query={query} />;
  return <MessagesProvider messages={preload.messages}><LoadedForm preload={preload} submit_action={submit_action} query={query} /></MessagesProvider>;
}

function LoadedForm({ preload, submit_action, query }: { preload: FormPreload; submit_action: string; query: Record<string, string> }) {
  if (preload.error) return <LoadOutcomeView outcome={loadErrorOutcome(preload.form_id, preload.error.code, preload.error.page_query)} submit_action={submit_action} query={query} />;
  if (preload.blocks.length === 0) return <EmptyFormState title={preload.title} />;
  return <FormView preload={preload} submit_action={submit_action} query={query} />;
}

type LoadState = { kind: "loading" } | LoadOutcome;

function ClientLoadedForm({ form_id, submit_action, query }: { form_id: string; submit_action: string; query: Record<string, string> }) {
  const [load, setLoad] = useState<LoadState>({ kind: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    loadForm(form_id, query, controller.signal)
      .then(setLoad)
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ kind: "notfound" });
      });
    return () => controller.abort();
  }, [form_id, query]);
  // Without a preload the form's language is unknown: the server's not-found page (English) answers.
  const lost = load.kind === "notfound";
  useEffect(() => {
    if (lost) location.replace(`${formPath(form_id)}/notfound`);
  }, [lost, form_id]);
  if (load.kind === "loading" || load.kind === "notfound") return <FormSkeleton />;
  if (load.kind === "ready") {
    return <MessagesProvider messages={load.preload.messages}><LoadOutcomeView outcome={load} submit_action={submit_action} query={query} /></MessagesProvider>;
  }
  return <LoadOutcomeView outcome={load} submit_action={submit_action} query={query} />;
}

function LoadOutcomeView({ outcome, submit_action, query }: { outcome: LoadOutcome; submit_action: string; query: Record<string, string> }) {
  const url = outcome.kind === "redirect" ? outcome.url : null;
  useEffect(() => {
    if (url) location.replace(url);
  }, [url]);
  switch (outcome.kind) {
    case "ready": return <FormView preload={outcome.preload} submit_action={submit_action} query={query} />;
    case "redirect": return <FormSkeleton />;
    case "notfound": return <NotFoundState />;
  }
}

/** Session (stored for the tab, or new), then the preload with the page's URL parameters. */
export async function loadForm(form_id: string, query: Record<string, string>, signal?: AbortSignal): Promise<LoadOutcome> {
  if (!form_id) return { kind: "notfound" };
  let session_id = readStoredSession(form_id);
  if (!session_id) {
    session_id = await fetchSessionId(form_id, signal);
    storeSession(form_id, session_id);
  }
  const { [PARAM.session]: _ignored, ...rest } = query;
  return loadOutcome(form_id, await fetchPreload(form_id, session_id, rest, signal));
}

/** The form id of a public form path `/d/e/{form_id}` (with an optional trailing segment). */
export function formIdFromPath(pathname: string): string | null {
  const match = /^\/d\/e\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
