export * from "./countdown";
export * from "./cover-state";
export * from "./cover-texts";
export * from "./schedule-time";
export * from "./start-page";
