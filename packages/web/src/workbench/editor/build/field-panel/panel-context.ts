/**
 * Opens a side panel from anywhere on the canvas (a block's toolbar, Enter, a double-click,
 * an insert): the field panel for a field, the block panel for a section, heading, text
 * block, image…
 */
import { createContext, useContext } from "react";

export type PanelTarget = { field_id: string; fresh: boolean } | { block_id: string; fresh: boolean };
export const FieldPanelContext = createContext<(target: PanelTarget) => void>(() => undefined);
export const useOpenFieldPanel = () => useContext(FieldPanelContext);

/** The form's project (the field panel offers its buckets); null outside a project's editor. */
export const ProjectIdContext = createContext<string | null>(null);
export const useProjectId = () => useContext(ProjectIdContext);
