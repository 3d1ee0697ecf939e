/** @jsxRuntime automatic */
/**
 * The form editor's pages in Build mode (the canvas, Cover, Form settings, Theme, Ending, Connect) on one
 * store from form-store-host.tsx. Loaded lazily by editor-page.tsx (`loadFormEditor`), so
 * this module and what only it needs (the respondent's components, @dnd-kit, the side
 * panels) stay out of the workbench's entry chunk: sign-in, home, organization and project
 * pages do not download them.
 */
import type { FormPagePattern } from "./editor-nav";
import { BuildCanvas } from "./build/build-canvas";
import { FormStoreHost } from "./form-store-host";
import { SettingsPage } from "./settings/settings-page";
import { DesignPage } from "./design/design-page";
import { EndingPage } from "./ending/ending-page";
import { StartPageEditor } from "./start/start-page-editor";
import { StorePage } from "./connect/store-page";
import { StoreGetStartedPage } from "./connect/store-get-started-page";
import { ProductsPage } from "./connect/products-page";
import { ChannelsPage } from "./connect/channels-page";
import { SharePage } from "./connect/share-page";
import { ParametersPage } from "./connect/parameters-page";
import { CustomerPage } from "./connect/customer-page";
import { DatabasePage } from "./connect/database-page";
import { ProjectIdContext } from "./build/field-panel/panel-context";

/** The form's pages, all on one editor store: the canvas (the root, Main) and the pages beside it. */
const FORM_PAGES: Record<FormPagePattern, (props: { title: string }) => React.JSX.Element> = {
  "": BuildCanvas, form: BuildCanvas, "form/edit": BuildCanvas, "form/start": StartPageEditor, settings: SettingsPage, design: DesignPage, "form/end": EndingPage,
  "connect/store": StorePage,
  "connect/store/get-started": StoreGetStartedPage,
  "connect/store/products": ProductsPage,
  "connect/channels": ChannelsPage,
  "connect/share": SharePage,
  "connect/parameters": ParametersPage,
  "connect/customer": CustomerPage,
  "connect/database/supabase": DatabasePage,
};

export interface FormEditorProps {
  form_id: string;
  /** The form's project: the field panel lists its buckets. */
  project_id: string;
  pattern: FormPagePattern;
  title: string;
  canEdit: boolean;
  csrf_token: string;
}

export default function FormEditor({ form_id, project_id, pattern, title, canEdit, csrf_token }: FormEditorProps) {
  const FormPage = FORM_PAGES[pattern];
  return (
    <ProjectIdContext value={project_id}>
      <FormStoreHost form_id={form_id} title={title} canEdit={canEdit} csrf_token={csrf_token}><FormPage title={title} /></FormStoreHost>
    </ProjectIdContext>
  );
}
