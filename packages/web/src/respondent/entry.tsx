/** @jsxRuntime automatic */
/**
 * Browser entry of the public form. With the server's preload it hydrates the server HTML;
 * without one (a client-only mount) it renders the app, which loads the form itself.
 */
import "./respondent.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { submitPath, type FormPreload } from "@fieldwork/core";
import { FormApp, formIdFromPath } from "./form-app";
import { PRELOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from "./mount-ids";

function readPreload(): FormPreload | null {
  const text = document.getElementById(PRELOAD_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FormPreload;
  } catch {
    return null;
  }
}

function mount() {
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!root) return;
  const preload = readPreload();
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const form_id = preload?.form_id ?? formIdFromPath(location.pathname) ?? "";
  const submit_action = root.dataset.submitAction ?? submitPath(form_id);
  const app = (
    <StrictMode>
      <FormApp preload={preload} submit_action={submit_action} query={query} form_id={form_id} />
    </StrictMode>
  );
  if (preload && root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

mount();
