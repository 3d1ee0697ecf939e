/** @jsxRuntime automatic */
/**
 * The native control of a heavy answer type: what the server renders and the page keeps
 * without JavaScript (server only: the browser renders the type's own editor). Each posts a valid
 * answer: rich text and a sketch as a textarea, array fields as repeated inputs, a signature
 * as a file input for a picture of it (PNG, JPEG or WebP), which the server makes into the PNG
 * the pad would have posted (server forms/files/signature-upload.ts).
 */
import { Suspense, use, type ReactNode } from "react";
import { isSignatureImage, SIGNATURE_UPLOAD_ACCEPT } from "@fieldwork/core";
import { textDefault } from "../prefill";
import type { FieldProps } from "./field-props";
import { describedBy, fieldDomId } from "./field-attrs";
import { useFieldError } from "../field-errors";
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
  if (field.type === "signature") return <SignatureUpload {...props} />;
  // A reference field without JavaScript: the row's key, typed or pasted.
  if (field.type === "search") return <TextInput {...props} field={{ ...field, type: "text" }} />;
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

/**
 * A signature without the pad: a picture of it, with a line saying so. After a refused post
 * the picture already made into the signature is shown and kept (a hidden input); choosing
 * another replaces it.
 */
function SignatureUpload({ field, locked, prefill }: FieldProps) {
  const text = useText();
  const refused = useFieldError(field.name) !== undefined;
  const hint = `${fieldDomId(field)}-picture`;
  const aria = describedBy(field, refused);
  const kept = textDefault(prefill);
  const signed = kept !== undefined && isSignatureImage(kept) ? kept : undefined;
  return (
    <FieldShell field={field}>
      <p id={hint} className="mb-2 text-sm text-muted">{text("field.signature_no_script")}</p>
      {signed ? (
        <>
          <img src={signed} alt={field.label ?? field.name} data-testid="signature-kept" className="mb-2 h-24 w-auto rounded-lg border border-line bg-white" />
          <input type="hidden" name={field.name} value={signed} />
        </>
      ) : null}
      <input
        id={fieldDomId(field)} type="file" name={field.name} accept={SIGNATURE_UPLOAD_ACCEPT}
        required={field.required && !locked && !signed ? true : undefined} disabled={field.readonly || undefined}
        {...aria} aria-describedby={[hint, aria["aria-describedby"]].filter(Boolean).join(" ")}
        className={controlClass}
      />
    </FieldShell>
  );
}
