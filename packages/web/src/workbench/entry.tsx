/** @jsxRuntime automatic */
/**
 * Browser entry of the workbench (the owner app). The server sends the same shell for
 * every workbench path (`renderWorkbenchShell`); this replaces its loading frame with the
 * app, whose first render draws that same frame.
 */
import "./zod-jitless"; // before any schema is built: the CSP refuses eval
import "./workbench.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
