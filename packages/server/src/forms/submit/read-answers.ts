/**
 * Step 2 of the submit pipeline: turn the posted entries into one typed value per field,
 * applying the same rules as the browser (spec 1 §5), plus the form's policy on unknown names.
 */
import {
  answersScope, capabilityOf, computedColumnValue, EN, evaluateFormLogic, fieldFailure, FieldworkError, logicWithoutExpressions, missingRequiredHiddenFields, PARAM, PARAM_PREFIX,
  parseFieldValue, problemMessage, type ColumnValue, type FieldMessages, type FormBlock, type FormField, type ParseFailure,
} from "@fieldwork/core";
import { COUNTRY_CODES } from "@fieldwork/core/countries";
import type { PostedFile, PostedFiles } from "../files/posted-files";
import type { SignatureUpload } from "../files/signature-upload";
import { AnswersRefused } from "./answers-refused";
import { fileFieldProblem } from "./file-answers";
import { cleanAnswer } from "../answer-html";

export type PostedEntries = Map<string, string[]>;

export interface SystemInputs {
  session_id: string | null;
  visitor_id: string | null;
  utc_offset: number | null;
  /** The form revision the visitor's page was rendered from (`PARAM.revision`), if posted. */
  revision: number | null;
}

export interface Answers {
  values: Map<FormField, ColumnValue>;
  /** Unknown names kept when the form accepts unknown fields. */
  extra: Record<string, string | string[]>;
  /** The files of each shown file field that passed its rules (their values are placed later: file-answers.ts). */
  files: Map<string, PostedFile[]>;
}

export function readSystemInputs(entries: PostedEntries): SystemInputs {
  const one = (name: string) => entries.get(name)?.at(-1)?.trim() || null;
  const offset = one(PARAM.utc_offset);
  const minutes = offset === null ? null : Number(offset);
  const revision = Number(one(PARAM.revision) ?? Number.NaN);
  return {
    revision: Number.isSafeInteger(revision) && revision >= 0 ? revision : null,
    session_id: one(PARAM.session),
    visitor_id: one(PARAM.visitor_id)?.slice(0, 128) ?? null,
    utc_offset: minutes !== null && Number.isInteger(minutes) && Math.abs(minutes) <= 16 * 60 ? minutes : null,
  };
}

/**
 * `blocks` decide what the visitor could see: a field in no shown block (its block, section or
 * group hidden, or in no block at all) is read if posted but never required (core visibility.ts).
 * Logic runs on the posted answers first (core logic/form-logic.ts, as the page did): a field
 * hidden by a `v_hidden` expression keeps no answer (null, whatever was posted), and a
 * computed field (`v_value`) always stores the server's value, never the posted one.
 * `messages` is the form's catalogue (its theme's language): the refusals' sentences.
 * `signatures` are the pictures posted for signature fields by the page without scripts
 * (files/signature-upload.ts): one is the field's answer, in place of any text posted (the
 * value a refused post's page kept), and that page gets its value back to keep in turn.
 */
export function readAnswers(
  fields: readonly FormField[], blocks: readonly FormBlock[], entries: PostedEntries, strategy: "ignore" | "accept" | "reject", utc_offset: number | null,
  posted: PostedFiles = new Map(), messages: FieldMessages = EN, signatures: ReadonlyMap<string, SignatureUpload> = new Map(),
): Answers {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const unknown = [...entries.keys()].filter((name) => !byName.has(name) && !name.startsWith(PARAM_PREFIX));
  if (unknown.length && strategy === "reject") {
    throw new FieldworkError("UNKNOWN_FIELDS_NOT_ALLOWED", `This form does not accept the fields ${unknown.join(", ")}.`, unknown);
  }

  // Before the answers: a link or embed that left out what the owner requires is refused as such.
  const missing = missingRequiredHiddenFields(fields, (name) => entries.get(name));
  if (missing.length) {
    throw new FieldworkError(
      "MISSING_REQUIRED_HIDDEN_FIELDS", `The required hidden fields ${missing.join(", ")} were not supplied.`, missing,
      { page_query: { fields: missing.join(",").slice(0, 200) } },
    );
  }

  const values = new Map<FormField, ColumnValue>();
  const files = new Map<string, PostedFile[]>();
  const failures: ParseFailure[] = [];
  /** Signature pictures made into their values: a refused post's page keeps them (no new upload needed). */
  const pictures: PostedEntries = new Map();
  // A form without expressions: what is shown is the same for every answer (computed once per revision).
  const logic = logicWithoutExpressions(fields, blocks) ?? evaluateFormLogic(fields, blocks, answersScope(fields, (f) => entries.get(f.name) ?? []));
  for (const field of fields) {
    if (logic.logic_hidden_field_ids.has(field.id)) {
      values.set(field, null);
      continue;
    }
    // What was paid is the server's to write (payments/paid-submit.ts), never the browser's.
    if (field.type === "payment") {
      values.set(field, null);
      continue;
    }
    const computed = logic.computed.get(field.id);
    if (computed !== undefined) {
      values.set(field, computedColumnValue(field, computed, { utc_offset }));
      continue;
    }
    const rules = field.required && !logic.shown_field_ids.has(field.id) ? { ...field, required: false } : field;
    if (capabilityOf(field.type).file) {
      const list = posted.get(field.id) ?? [];
      const problem = fileFieldProblem(rules, list);
      if (problem) failures.push(problem);
      else if (list.length) files.set(field.id, list);
      values.set(field, null);
      continue;
    }
    let given = entries.get(field.name) ?? [];
    const picture = signatures.get(field.id);
    if (picture) {
      // A picture chosen now replaces the one a refused post kept (the page's hidden input).
      if (!picture.ok) {
        failures.push(fieldFailure(rules, picture.problem));
        continue;
      }
      given = [picture.value];
      pictures.set(field.name, [picture.value]);
    }
    const result = cleanAnswer(rules, parseFieldValue(rules, given, { utc_offset, countries: COUNTRY_CODES }));
    if (result.ok) values.set(field, result.value);
    else failures.push(result);
  }
  // Each refusal in the form's language: the page shows it under the field, with or without JavaScript.
  const worded = failures.map((f) => ({ ...f, message: problemMessage(byName.get(f.field)?.type ?? "text", f.problem, messages) }));
  const [first, ...rest] = worded;
  if (first) throw new AnswersRefused([first, ...rest], pictures.size ? new Map([...entries, ...pictures]) : entries);

  const extra: Answers["extra"] = {};
  if (strategy === "accept") {
    for (const name of unknown) {
      const list = entries.get(name) ?? [];
      extra[name] = list.length === 1 ? list[0]! : list;
    }
  }
  return { values, extra, files };
}
