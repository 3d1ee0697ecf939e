/** @jsxRuntime automatic */
/**
 * `/{org}/{project}/{document_id}/{suffix}`: loads the document, then the editor frame —
 * sidebar with the mode switch, breadcrumb org / project / document, and a main area that
 * says honestly what will live there.
 */
import { lazy, Suspense, useEffect, useReducer, useState } from "react";
import { DOCTYPE_LABELS, editorPath } from "@fieldwork/core";
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
import { editorReducer, initEditor, modeLanding } from "./editor-state";
import { navigate } from "../router/history";
import { EditorSidebar } from "./editor-sidebar";
import { EditorMainSkeleton, EditorSidebarSkeleton, FormPageSkeleton } from "./editor-skeleton";
import { PublishControl } from "./publish-control";
import { isDataPagePattern, isFormPagePattern, isSchemaPagePattern } from "./editor-nav";
import type * as FormEditorModule from "./form-editor";
import type * as DataModeModule from "./data/data-mode";
import type { DataModeProps } from "./data/data-mode";
import { folderOfSuffix, suffixOfFolder } from "./bucket/upload-queue";

/**
 * The form's Build pages (form-editor.tsx) come in their own chunk, asked for as soon as an
 * editor route mounts so it loads beside the document; until then the page's skeleton shows.
 */
let formEditorChunk: Promise<typeof FormEditorModule> | null = null;
const loadFormEditor = () => (formEditorChunk ??= import("./form-editor").catch((error: unknown) => {
  formEditorChunk = null; // the next ask tries again
  throw error;
}));
const FormEditor = lazy(loadFormEditor);

/**
 * Data mode (grid, analytics, simulator) is a chunk of its own too, asked for as soon as a
 * data route mounts (beside the document's request). Once it is here it renders directly:
 * a lazy component would suspend once more and React holds a revealed fallback ~300 ms.
 */
let dataModeChunk: Promise<typeof DataModeModule> | null = null;
let loadedDataMode: typeof DataModeModule.default | null = null;
const loadDataMode = () => (dataModeChunk ??= import("./data/data-mode").then((module) => {
  loadedDataMode = module.default;
  return module;
}, (error: unknown) => {
  dataModeChunk = null;
  throw error;
}));
const LazyDataMode = lazy(loadDataMode);
function DataMode(props: DataModeProps) {
  const Loaded = loadedDataMode;
  return Loaded ? <Loaded {...props} /> : <LazyDataMode {...props} />;
}

/** A schema document's tables (data/schema/schema-mode.tsx), a chunk of its own beside the grid's. */
const SchemaMode = lazy(() => import("./data/schema/schema-mode"));

/** A bucket's page (bucket/bucket-page.tsx), a chunk of its own. */
const BucketPage = lazy(() => import("./bucket/bucket-page"));

const DataPagePlaceholder = () => <div className="h-[calc(100dvh-3rem)]" aria-busy="true" />;

type EditorRouteParams = Extract<Route, { name: "editor" }>["editor"];

export function EditorPage({ me, route }: { me: Me; route: EditorRouteParams }) {
  const found = findProject(me, route.org, route.project);
  const dataRoute = isDataPagePattern(route.pattern);
  // Until data mode's chunk is here its page shows a placeholder by plain state, not Suspense
  // (a suspended lazy page keeps its fallback at least 300 ms once shown).
  const [dataModeReady, setDataModeReady] = useState(() => loadedDataMode !== null);
  useEffect(() => {
    if (!dataRoute) {
      loadFormEditor().catch(() => undefined); // on failure, the lazy page asks again when it renders
      return;
    }
    let live = true;
    const ready = () => live && setDataModeReady(true);
    loadDataMode().then(ready, ready); // on failure, the lazy page asks again
    return () => void (live = false);
  }, [dataRoute]);
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
  // One Editor from loading to ready (keyed by the route's document), so its frame stays
  // mounted: a menu or the mobile sheet opened while the document loads stays open.
  return (
    <Editor key={route.document_id} me={me} route={route} document={state.status === "ready" ? state.data : null} crumbs={crumbs}
      canEdit={canEditDocuments(found.org.role)} isOwner={found.org.role === "owner"} dataModeReady={dataModeReady} />
  );
}

interface EditorProps {
  me: Me;
  route: EditorRouteParams;
  /** Null while it loads: the frame with skeletons. */
  document: EditorDocument | null;
  crumbs: { label: string; href: string }[];
  /** Editors and owners: publish and unpublish. */
  canEdit: boolean;
  /** Owners: a bucket's policy. */
  isOwner: boolean;
  /** Data mode's chunk has loaded. */
  dataModeReady: boolean;
}

function Editor({ me, route, document, crumbs, canEdit, isOwner, dataModeReady }: EditorProps) {
  const [state, dispatch] = useReducer(editorReducer, { doctype: document?.doctype ?? "v0_form", pattern: route.pattern }, initEditor);
  if (document && document.doctype !== state.doctype) dispatch({ type: "document", doctype: document.doctype, pattern: route.pattern });
  useEffect(() => {
    dispatch({ type: "route", pattern: route.pattern });
  }, [route.pattern]);
  useEffect(() => {
    if (document?.title) window.document.title = `${document.title} · Fieldwork`;
  }, [document?.title]);
  if (!document) {
    return (
      <AppFrame me={me} sidebar={<EditorSidebarSkeleton />} header={<BreadcrumbSkeleton crumbs={crumbs} />}>
        <EditorMainSkeleton />
      </AppFrame>
    );
  }
  const placeholder = editorPlaceholder(document.doctype, state.mode, route.pattern);
  const title = document.title || `Untitled ${DOCTYPE_LABELS[document.doctype].toLowerCase()}`;
  const formPage = document.doctype === "v0_form" && document.form_id && state.mode === "build" && isFormPagePattern(route.pattern) ? route.pattern : null;
  const dataPage = document.doctype === "v0_form" && document.form_id && state.mode === "data" && isDataPagePattern(route.pattern) ? route.pattern : null;
  const schemaPage = document.doctype === "v0_schema" && state.mode === "data" && isSchemaPagePattern(route.pattern);
  const bucketPage = document.doctype === "v0_bucket" && (route.pattern === "" || route.pattern === "objects" || route.pattern === "objects/{path}");
  const publish = document.doctype === "v0_form" && document.form_id
    ? <PublishControl document={document} form_id={document.form_id} csrf_token={me.csrf_token} canPublish={canEdit} />
    : null;

  return (
    <AppFrame
      me={me}
      sidebar={<EditorSidebar document={document} basepath={route.basepath} pattern={route.pattern} suffix={route.suffix} mode={state.mode} onMode={(mode) => {
        dispatch({ type: "select-mode", mode });
        const landing = modeLanding(document.doctype, mode, route.pattern);
        if (landing) navigate(editorPath(route.basepath, document.id, landing));
      }} />}
      header={<Breadcrumb items={[...crumbs, { label: title }]} />}
      actions={publish}
    >
      {formPage !== null && document.form_id ? (
        <div className="min-h-full" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <Suspense fallback={<FormPageSkeleton title={title} />}>
            <FormEditor form_id={document.form_id} project_id={document.project_id} pattern={formPage} title={title} canEdit={canEdit} csrf_token={me.csrf_token} />
          </Suspense>
        </div>
      ) : schemaPage ? (
        <div className="min-h-full" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <h1 className="sr-only">{title}</h1>
          <Suspense fallback={<DataPagePlaceholder />}>
            <SchemaMode document_id={document.id} project_id={document.project_id} basepath={route.basepath} route={route} canEdit={canEdit} csrf_token={me.csrf_token} />
          </Suspense>
        </div>
      ) : bucketPage ? (
        <div className="min-h-full" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <Suspense fallback={<EditorMainSkeleton />}>
            <BucketPage bucket_id={document.id} folder={folderOfSuffix(route.suffix)} canEdit={canEdit} canSetPolicy={isOwner} csrf_token={me.csrf_token}
              onFolder={(folder) => navigate(editorPath(route.basepath, document.id, suffixOfFolder(folder)))} />
          </Suspense>
        </div>
      ) : dataPage !== null && document.form_id ? (
        <div className="min-h-full" data-editor-mode={state.mode} data-editor-suffix={route.suffix}>
          <h1 className="sr-only">{title}</h1>
          <Suspense fallback={<DataPagePlaceholder />}>
            {dataModeReady ? <DataMode
              form_id={document.form_id} document_id={document.id} project_id={document.project_id} pattern={dataPage}
              simulatorHref={editorPath(route.basepath, document.id, "data/simulator")} title={title} canEdit={canEdit} csrf_token={me.csrf_token}
            /> : <DataPagePlaceholder />}
          </Suspense>
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
