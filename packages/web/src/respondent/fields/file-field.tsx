/** @jsxRuntime automatic */
/**
 * Renderer of file, image, audio and video fields. The server render (and a page without
 * JavaScript) is a plain `<input type=file name accept multiple>` that posts with the form's
 * multipart body; once the page runs, the uploader (file-uploader.tsx, its own lazy chunk,
 * outside the form's first-load budget) takes its place.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { acceptOf, isMultiValued, uploadTypeOf } from "@fieldwork/core";
import { useFieldError } from "../field-errors";
import { constraintAttrs, describedBy, fieldDomId } from "./field-attrs";
import { FieldShell } from "./field-shell";
import { controlClass } from "./field-styles";
import type { FieldProps } from "./field-props";

const FileUploader = lazy(() => import("./file-uploader"));

export function FileField({ field, locked, prefill }: FieldProps) {
  const refused = useFieldError(field.name) !== undefined;
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const plain = (
    <input
      id={fieldDomId(field)} type="file" name={field.name} accept={acceptOf(field) ?? undefined}
      multiple={isMultiValued(field) || undefined} disabled={field.readonly || undefined}
      {...describedBy(field, refused)} {...constraintAttrs(field, locked)}
      className={`${controlClass} file:mr-3 file:rounded-lg file:border-0 file:bg-subtle file:px-3 file:py-1.5`}
    />
  );
  return (
    <FieldShell field={field}>
      {enhanced ? (
        <Suspense fallback={plain}>
          <FileUploader field={field} locked={locked} upload={uploadTypeOf(field)} prefill={prefill} refused={refused} />
        </Suspense>
      ) : plain}
    </FieldShell>
  );
}
