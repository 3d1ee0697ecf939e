/** DOM helpers of section navigation: validating the current section and moving focus. */

const CONTROLS = "input, select, textarea";

export function sectionElement(form: HTMLFormElement, section_id: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[data-section-id="${CSS.escape(section_id)}"]`);
}

/** After Next or Back: bring the form's top into view and focus the first control on pointer devices. */
export function enterSection(form: HTMLFormElement, section: HTMLElement): void {
  const top = form.getBoundingClientRect().top;
  if (top < 0) window.scrollTo({ top: window.scrollY + top - 16, behavior: "smooth" });
  const first = section.querySelector<HTMLElement>(`${CONTROLS}:not([type=hidden]):not([disabled])`);
  if (first && matchMedia("(pointer: fine)").matches) first.focus({ preventScroll: true });
  else section.focus({ preventScroll: true });
}

/** Whether Enter in this element would submit the form natively (implicit submission). */
export function submitsOnEnter(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLInputElement)) return false;
  return !["checkbox", "radio", "button", "submit", "reset", "file", "color", "range", "image", "hidden"].includes(target.type);
}
