/** @jsxRuntime automatic */
/**
 * `/{org}/{project}/{document_id}/{suffix}`: loads the document, then the editor frame —
 * sidebar with the mode switch, breadcrumb org / project / document, and a main area that
 * says honestly what will live there.
 */
import { useEffect, useReducer } from "react";
import { DOCTYPE_LABELS } from "@fieldwork/core";
import { Ban, Construction } from "lucide-react";
import { EmptyState } from "../../ui/empty-state";
import { fetchDocument } from "../api/documents";
import type { EditorDocument, Me } from "../api/types";
import { AppFrame } from "../shell/app-frame";
import { Breadcrumb, BreadcrumbSkeleton } from "../shell/breadcrumb";
import { LoadError, NotFoundState } from "../shell/page";
import { findProject } from "../session/lookup";
import { useResource } from "../session/use-resource";
import type { Route } from "../router/routes";
import { organizationPath, projectPath } from "../router/routes";
import { canEditDocuments } from "../permissions";
import { editorPlaceholder } from "./editor-placeholder";
import { editorReducer, initEditor } from "./editor-state";
import { EditorSidebar } from "./editor-sidebar";
import { FormOutline } from "./form-outline-view";
import { EditorMainSkeleton, EditorSidebarSkeleton } from "./editor-skeleton";
import { PublishControl } from "./publish-control";
import { BuildEditor } from "./build/build-editor";
import { FormStoreHost } from "./settings/form-store-host";
import { SettingsPage } from "./settings/settings-page";
import { DesignPage } from "./design/design-page";
import { EndingPage } from "./ending/ending-page";

/** The form's pages beside the canvas, each on the editor's store. */
const FORM_PAGES: Partial<Record<EditorRouteParams["pattern"], () => React.JSX.Element>> = { settings: SettingsPage, design: DesignPage, "form/end": EndingPage };

type EditorRouteParams = Extract<Route, { name: "editor" }>["editor"];

export function EditorPage({ me, route }: { me: Me; route: EditorRouteParams }) {
  const found = findProject(me, route.org, route.project);
  const { state, reload } = useResource(found ? route.document_id : null, (signal) => fetchDocument(route.document_id, signal));
  const crumbs = found
    ? [{ label: found.org.display_name || found.org.name, href: organizationPath(found.org.name) }, { label: found.project.name, href: projectPath(found.org.name, found.project.name) }]
    : [];

  if (!found || (state.status === "ready" && state.data.project_id !== found.project.id) || (state.status === "failed" && state.code === "NOT_FOUND")) {
    return (
      <AppFrame me={me} sidebar={null} header={<Breadcrumb items={[...crumbs, { label: "Not found" }]} />}>
        <NotFoundState title="Document not found">This document does not exist, or it belongs to a project you are not a member of.</NotFoundState>
      </AppFrame>
    );
  }
  if (state.status === "failed") {
    return (
      <AppFrame me={me} sidebar={null} header={<Breadcrumb items={crumbs} />}>
        <LoadError message={state.message} onRetry={reload} />
      </AppFrame>
    );
  }
  if (state.status === "loading") {
    return (
      <AppFrame me={me} sidebar={<EditorSidebarSkeleton />} header={<BreadcrumbSkeleton crumbs={crumbs} />}>
        <EditorMainSkeleton />
      </AppFrame>
    );
  }
  return <Editor key={state.data.id} me={me} route={route} document={state.data} crumbs={crumbs} canEdit={canEditDocuments(found.org.role)} />;
}

interface EditorProps {
  me: Me;
  route: EditorRouteParams;
  document: EditorDocument;
  crumbs: { label: string; href: string }[];
  /** Editors and owners: publish and unpublish. */
  canEdit: boolean;
}

function Editor({ me, route, document, crumbs, canEdit }: EditorProps) {
  const [state, dispatch] = useReducer(editorReducer, { doctype: document.doctype, pattern: route.pattern }, initEditor);
  useEffect(() => {
    dispatch({ type: "route", pattern: route.pattern });
  }, [route.pattern]);
  const placeholder = editorPlaceholder(document.doctype, state.mode, route.pattern);
  const title = document.title || `Untitled ${DOCTYPE_LABELS[document.doctype].toLowerCase()}`;
  const outlineFormId = document.doctype === "v0_form" && state.mode === "build" && route.pattern === "" ? document.form_id : null;
  const buildFormId = document.doctype === "v0_form" && state.mode === "build" && route.pattern === "form/edit" ? document.form_id : null;
  const FormPage = document.doctype === "v0_form" && document.form_id && state.mode === "build" ? FORM_PAGES[route.pattern] : undefined;
  const publish = document.doctype === "v0_form" && document.form_id
    ? <PublishControl document={document} form_id={document.form_id} csrf_token={me.csrf_token} canPublish={canEdit} />
    : null;

  useEffect(() => {
    if (document.title) window.document.title = `${document.title} · Fieldwork`;
  }, [document.title]);

  return (
    <AppFrame
      me={me}
      sidebar={<EditorSidebar document={document} basepath={route.basepath} pattern={route.pattern} suffix={route.suffix} mode={state.mode} onMode={(mode) => dispatch({ type: "select-mode", mode })} />}
      header={<Breadcrumb items={[...crumbs, { label: title }]} />}
      actions={publish}
    >
      {FormPage && document.form_id ? (
        <div className="min-h-full" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <FormStoreHost key={route.pattern} form_id={document.form_id} canEdit={canEdit} csrf_token={me.csrf_token}><FormPage /></FormStoreHost>
        </div>
      ) : buildFormId ? (
        <div className="min-h-full" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <BuildEditor form_id={buildFormId} canEdit={canEdit} csrf_token={me.csrf_token} title={title} />
        </div>
      ) : outlineFormId ? (
        // The form's Build root: what the form holds now, until the editor arrives.
        <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <div>
            <h1 className="text-xl font-semibold text-fg">{title}</h1>
            <p className="text-sm text-muted">The form as visitors get it. Editing it here comes in a later release; until then, forms are written as definition files and imported with the CLI.</p>
          </div>
          <FormOutline form_id={outlineFormId} />
        </div>
      ) : (
        <div className="grid min-h-full place-items-center px-4 py-12" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <h1 className="sr-only">{title}</h1>
          <EmptyState icon={placeholder.unavailable ? Ban : Construction} title={placeholder.title} className="max-w-md">
            {placeholder.body}
          </EmptyState>
        </div>
      )}
    </AppFrame>
  );
}
