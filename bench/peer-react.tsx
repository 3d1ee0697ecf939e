/** @jsxRuntime automatic */
/**
 * Peer "React alone" of bench:respondent: the first section drawn by React 19 with
 * `createRoot`, nothing else (bundled in production mode by bench/peers.ts). What the
 * framework costs before any form logic.
 */
import { createRoot } from "react-dom/client";
import { PEER_FORM_ID, PEER_ROOT_ID, type PeerField, type PeerForm } from "./peer-form";

const form = JSON.parse(document.getElementById(PEER_FORM_ID)!.textContent!) as PeerForm;

function Control({ field }: { field: PeerField }) {
  const common = { id: field.name, name: field.name, required: field.required ?? false };
  if (field.type === "select") {
    return (
      <select {...common} defaultValue="">
        <option value="">{field.placeholder ?? ""}</option>
        {(field.options ?? []).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
  }
  if (field.type === "textarea") return <textarea {...common} placeholder={field.placeholder ?? ""} />;
  return <input {...common} type={field.type} placeholder={field.placeholder ?? ""} />;
}

function PeerFormView() {
  return (
    <form method="post">
      <h1>{form.title}</h1>
      <h2>{form.heading}</h2>
      <p>{form.description}</p>
      {form.fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={field.name}>{field.label}</label>
          <Control field={field} />
        </div>
      ))}
      <button type="submit">Next</button>
    </form>
  );
}

createRoot(document.getElementById(PEER_ROOT_ID)!).render(<PeerFormView />);
