/** @jsxRuntime automatic */
/**
 * The native control of a heavy answer type: what the server renders and the page keeps
 * without JavaScript (server only: the browser renders the type's own editor). Each posts a valid
 * answer: rich text and a sketch as a textarea, array fields as repeated inputs; a signature
 * needs the pad, so it says so.
 */
import { Suspense, use, type ReactNode } from "react";
import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";
import { TextInput } from "./text-input";
import { useText } from "../messages";
import { controlClass } from "./field-styles";

const NEVER = new Promise<never>(() => {});
function OnlyInBrowser(): ReactNode {
  return use(NEVER);
}

/** The server's rendering of a heavy type: `Plain` as the fallback of a boundary the browser finishes. */
export function ServerPlain(props: FieldProps) {
  return <Suspense fallback={<Plain {...props} />}><OnlyInBrowser /></Suspense>;
}

export function Plain(props: FieldProps) {
  const text = useText();
  const { field } = props;
  if (field.type === "signature") return <FieldShell field={field}><p className="text-sm text-muted">{text("field.signature_no_script")}</p></FieldShell>;
  if (!field.is_array) {
    const placeholder = field.type === "canvas" ? text("field.sketch_no_script") : field.placeholder;
    return <TextInput {...props} field={{ ...field, type: "textarea", placeholder }} />;
  }
  return (
    <>
      <TextInput {...props} />
      <noscript>
        {[2, 3].map((n) => <input key={n} name={field.name} aria-label={`${field.label ?? field.name} ${n}`} className={`${controlClass} mt-2`} />)}
      </noscript>
    </>
  );
}
