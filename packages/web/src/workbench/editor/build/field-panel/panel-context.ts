/** Opens the field editor panel from anywhere on the canvas (a block's toolbar, Enter, an insert). */
import { createContext, useContext } from "react";

export interface PanelTarget { field_id: string; fresh: boolean }
export const FieldPanelContext = createContext<(target: PanelTarget) => void>(() => undefined);
export const useOpenFieldPanel = () => useContext(FieldPanelContext);
