/** @jsxRuntime automatic */
/**
 * Renderer of file, image, audio and video fields. The server render (and a page without
 * JavaScript) is a plain `<input type=file name accept multiple>` that posts with the form's
 * multipart body; once the page runs, the uploader (file-uploader.tsx, its own lazy chunk,
 * outside the form's first-load budget) takes its place.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { acceptOf, FILE_LIMITS, fileMatchesAccept, maxFilesOf, megabytesOf, isMultiValued, PARAM, uploadTypeOf, type FormField } from "@fieldwork/core";
import { useText, type Text } from "../messages";
import { useFieldError } from "../field-errors";
import { constraintAttrs, describedBy, fieldDomId } from "./field-attrs";
import { FieldShell } from "./field-shell";
import { controlClass } from "./field-styles";
import type { FieldProps } from "./field-props";
import type { UploaderField } from "./file-uploader";

const FileUploader = lazy(() => import("./file-uploader"));

/** Core's file rules for the uploader, which imports none of core's modules itself. */
function uploaderField(field: FormField, refused: boolean, text: Text): UploaderField {
  const upload = uploadTypeOf(field);
  return {
    field, dom_id: fieldDomId(field), aria: describedBy(field, refused), multiple: isMultiValued(field), upload, session_param: PARAM.session,
    rules: {
      max_files: maxFilesOf(field), accept: acceptOf(field), matches_accept: fileMatchesAccept, text,
      too_large: (max_bytes) => text("field.file_too_large", { n: megabytesOf(max_bytes) }),
      max_bytes: upload === "requesturl" ? FILE_LIMITS.signed_url_bytes : FILE_LIMITS.multipart_bytes,
    },
  };
}

export function FileField({ field, locked, prefill }: FieldProps) {
  const refused = useFieldError(field.name) !== undefined;
  const text = useText();
  const [enhanced, setEnhanced] = useState(false);
  // Files a visitor chose in the plain input before the page ran (or before the uploader's chunk
  // arrived) go to the uploader: they are never dropped.
  const picked = useRef<File[]>([]);
  const keep = (input: HTMLInputElement | null) => {
    if (input?.files?.length) picked.current = [...input.files];
  };
  useEffect(() => setEnhanced(true), []);
  const plain = (
    <input
      ref={keep} onChange={(e) => keep(e.currentTarget)}
      id={fieldDomId(field)} type="file" name={field.name} accept={acceptOf(field) ?? undefined}
      multiple={isMultiValued(field) || undefined} disabled={field.readonly || undefined}
      {...describedBy(field, refused)} {...constraintAttrs(field, locked)}
      className={controlClass}
    />
  );
  return (
    <FieldShell field={field}>
      {enhanced ? (
        <Suspense fallback={plain}>
          <FileUploader config={uploaderField(field, refused, text)} locked={locked} prefill={prefill} picked={picked.current} />
        </Suspense>
      ) : plain}
    </FieldShell>
  );
}
