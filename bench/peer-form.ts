/**
 * The peers of bench:respondent draw the same first section as ours from this small model:
 * the demo form's title, the section's header and its visible fields (hidden ones have no
 * control), then a Next button. Taken from the same definition file the server seeds.
 */
export interface PeerField {
  name: string;
  type: string;
  label: string;
  placeholder?: string;
  required?: boolean;
  options?: { value: string; label: string }[];
}
export interface PeerForm { title: string; heading: string; description: string; fields: PeerField[] }

interface DefinitionField extends PeerField { help_text?: string }
interface DefinitionBlock { type: string; field?: string; title_html?: string; description_html?: string; children?: DefinitionBlock[] }
export interface FormDefinitionFile { title: string; fields: DefinitionField[]; blocks: DefinitionBlock[] }

const text = (html: string | undefined) => (html ?? "").replace(/<[^>]+>/g, "");

/** The first section of `definition` as the peers draw it. */
export function peerForm(definition: FormDefinitionFile): PeerForm {
  const section = definition.blocks[0]?.children ?? [];
  const header = section.find((b) => b.type === "header");
  const byName = new Map(definition.fields.map((f) => [f.name, f]));
  const fields = section
    .filter((b) => b.type === "field" && b.field)
    .map((b) => byName.get(b.field!)!)
    .filter((f) => f && f.type !== "hidden")
    .map(({ name, type, label, placeholder, required, options }) => ({ name, type, label, placeholder, required, options: options?.map(({ value, label }) => ({ value, label })) }));
  return { title: definition.title, heading: text(header?.title_html), description: text(header?.description_html), fields };
}

/** The element id of the `<script type="application/json">` that carries the PeerForm into the page. */
export const PEER_FORM_ID = "peer-form";
export const PEER_ROOT_ID = "peer-root";
