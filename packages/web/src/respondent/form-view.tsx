/** @jsxRuntime automatic */
/**
 * The public form: one native `<form>` that works without JavaScript (every section,
 * native validation, Submit posts multipart) and, once React is interactive, shows one
 * section at a time, validates per section (its own messages under the fields, no browser
 * bubbles), syncs partial answers and submits with fetch.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { PARAM, navigationButtons, type FormPreload, type JsonValue } from "@fieldwork/core";
import { BlockNode } from "./block-node";
import { ErrorBadge } from "./error-badge";
import { FieldErrorsProvider } from "./field-errors";
import { fieldWording, refusedFields, wordingIn } from "./field-validity";
import { useMessages } from "./messages";
import { refusedSubmitBadge } from "./outcomes";
import { FormFooter } from "./form-footer";
import { indexForm } from "./form-index";
import { hiddenSectionIds } from "./form-logic-state";
import { FormLogicContext, FormModelContext, type FormModel } from "./form-model-context";
import { CARD_PADDING, Card, FormPage } from "./form-page";
import { formReducer, initFormState, sectionProgress } from "./form-state";
import { notifyParent } from "./embed-events";
import { prefillFrom } from "./prefill";
import { restoreAnswers } from "./restore-answers";
import { ProgressBar } from "./progress-bar";
import { enterSection, sectionElement, submitsOnEnter } from "./section-dom";
import { SectionView } from "./section-view";
import { applyTheme } from "./theme";
import { useFormLogic } from "./use-form-logic";
import { useFormSubmit } from "./use-form-submit";
import { useSessionId } from "./use-session-id";
import { useSessionSync } from "./use-session-sync";
import { useVisitorId } from "./use-visitor-id";
import { useCustomerCheck } from "./use-customer-check";

export interface FormViewProps {
  preload: FormPreload;
  /** The form's action, `/submit/{form_id}`. */
  submit_action: string;
  /** URL parameters of the page, used to prefill fields (hidden ones mostly). */
  query: Record<string, string>;
}

export function FormView({ preload, submit_action, query }: FormViewProps) {
  const { form_id } = preload;
  const model = useMemo<FormModel>(
    () => ({ index: indexForm(preload), prefill: prefillFrom(preload.default_values, query), lang: preload.lang }),
    [preload, query],
  );
  const { index } = model;
  const formRef = useRef<HTMLFormElement>(null);
  const { logic, refresh: refreshLogic } = useFormLogic(preload, model.prefill, formRef);
  const hiddenSections = useMemo(() => hiddenSectionIds(index.section_ids, index.blocks, logic), [index, logic]);
  const [state, dispatch] = useReducer(formReducer, null, () =>
    initFormState({
      section_ids: index.section_ids, payment_section_ids: index.payment_section_ids, hidden_section_ids: hiddenSections,
      session_id: preload.session_id, error: refusedSubmitBadge(preload),
    }),
  );
  const { nav, interactive } = state;
  // Navigation skips the sections logic hides; one hidden under the visitor gives way to the nearest shown.
  useEffect(() => dispatch({ type: "hidden_sections", hidden_section_ids: hiddenSections }), [hiddenSections]);
  const logicState = useMemo(() => ({ logic, interactive }), [logic, interactive]);
  // The browser may have kept or autofilled values the server render did not know.
  useEffect(refreshLogic, [refreshLogic]);

  useEffect(() => {
    dispatch({ type: "mounted", utc_offset: -new Date().getTimezoneOffset() });
    applyTheme(document, preload.stylesheet);
    notifyParent("form_view_loaded", form_id);
  }, [form_id, preload.stylesheet]);
  const restore = useCallback((values: Record<string, JsonValue>) => {
    if (formRef.current) restoreAnswers(formRef.current, values);
    refreshLogic();
  }, [refreshLogic]);
  useSessionId(form_id, preload.session_id, dispatch, restore);
  useVisitorId(dispatch);
  useCustomerCheck(form_id, preload.campaign.max_form_responses_by_customer !== null, state.session_id, state.visitor_id, query);
  const sync = useSessionSync(index.fields_by_name, state.session_id);
  // The fields under `scope` the browser would refuse: each shows its message, the first takes focus.
  // A submit checks the whole form: a value changed in a section left earlier brings it back.
  useEffect(() => void fieldWording(), []);
  const messages = useMessages();
  const check = useCallback(async (scope: HTMLElement) => {
    const word = wordingIn(await fieldWording(), messages);
    const { errors, first } = refusedFields(scope, index.fields_by_name, word, nav.hidden_section_ids);
    if (errors.length === 0) return true;
    const section_id = first?.closest<HTMLElement>("[data-section-id]")?.dataset.sectionId ?? null;
    flushSync(() => dispatch({ type: "invalid", field_errors: errors, section_id }));
    first?.focus();
    return false;
  }, [index.fields_by_name, nav.hidden_section_ids, messages]);
  const onSubmit = useFormSubmit({ form_id, action: submit_action, is_submitting: nav.is_submitting, dispatch, beforeSubmit: sync.cancel, check });
  useSectionFocus(formRef, nav.current_section_id);

  const goNext = useCallback(() => {
    const form = formRef.current;
    const section = form && nav.current_section_id ? sectionElement(form, nav.current_section_id) : null;
    if (!section) dispatch({ type: "next" });
    else void check(section).then((ok) => ok && dispatch({ type: "next" }));
  }, [nav.current_section_id, check]);
  const goBack = useCallback(() => dispatch({ type: "back" }), []);

  const buttons = navigationButtons(nav);
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a text input goes to the next section instead of submitting the whole form.
    if (event.key !== "Enter" || event.nativeEvent.isComposing || !interactive || !buttons.next) return;
    if (!submitsOnEnter(event.target)) return;
    event.preventDefault();
    goNext();
  };
  const progress = sectionProgress(nav);

  return (
    <FormModelContext value={model}>
      <FormLogicContext value={logicState}>
      <FieldErrorsProvider errors={state.field_errors ?? state.error?.field_errors}>
      <FormPage powered_by={preload.options.is_powered_by_branding_enabled}>
        {state.error ? <ErrorBadge error={state.error} onDismiss={() => dispatch({ type: "dismiss_error" })} /> : null}
        <Card>
          <ProgressBar position={progress.position} total={progress.total} className={interactive ? "" : "fw-js-only"} />
          <form
            ref={formRef}
            method="post"
            action={submit_action}
            encType="multipart/form-data"
            onSubmit={onSubmit}
            noValidate={interactive}
            onInput={(event) => {
              sync.onInput(event);
              refreshLogic();
            }}
            onKeyDown={onKeyDown}
            aria-busy={nav.is_submitting || undefined}
            aria-labelledby="fw-form-title"
            data-fw-ready={interactive ? "" : undefined}
            className={CARD_PADDING}
          >
            <h1 id="fw-form-title" className="text-title font-semibold text-fg">
              {preload.title}
            </h1>
            <div className="mt-10 flex flex-col gap-8">
              {index.tree.map((node) =>
                node.type === "section" ? (
                  <SectionView
                    key={node.id} node={node} interactive={interactive}
                    current={node.id === nav.current_section_id && !nav.hidden_section_ids.includes(node.id)}
                  />
                ) : (
                  <BlockNode key={node.id} node={node} locked={false} />
                ),
              )}
            </div>
            <input type="hidden" name={PARAM.session} value={state.session_id ?? ""} />
            <input type="hidden" name={PARAM.utc_offset} value={state.utc_offset ?? ""} />
            <input type="hidden" name={PARAM.visitor_id} value={state.visitor_id ?? ""} />
            <input type="hidden" name={PARAM.customer_uuid} value={query.customer_id ?? query[PARAM.customer_uuid] ?? ""} />
            <input type="hidden" name={PARAM.revision} value={preload.revision} />
            <div className="mt-10">
              <FormFooter
                buttons={buttons}
                interactive={interactive}
                is_submitting={nav.is_submitting}
                progress={progress}
                onBack={goBack}
                onNext={goNext}
              />
            </div>
          </form>
        </Card>
      </FormPage>
      </FieldErrorsProvider>
      </FormLogicContext>
    </FormModelContext>
  );
}

/** Moves focus into a section when Next or Back changes it (not on the first render). */
function useSectionFocus(formRef: React.RefObject<HTMLFormElement | null>, section_id: string | null) {
  const previous = useRef(section_id);
  useEffect(() => {
    if (previous.current === section_id) return;
    previous.current = section_id;
    const form = formRef.current;
    const section = form && section_id ? sectionElement(form, section_id) : null;
    if (form && section) enterSection(form, section);
  }, [formRef, section_id]);
}
