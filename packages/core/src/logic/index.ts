/** Form logic: `v_hidden` and `v_value` expressions (docs/form-format.md "Logic"). */
export * from "./ast";
export * from "./expression-text";
export * from "./column-value";
export * from "./computed";
export * from "./condition";
export * from "./evaluate";
export * from "./expression-rules";
export * from "./form-logic";
export * from "./limits";
export * from "./parser";
export * from "./rename";
export * from "./scope";
