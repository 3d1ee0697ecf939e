export * from "./languages";
export * from "./format";
export * from "./en";
export * from "./catalogues";
export * from "./button-labels";
