/**
 * Starter forms offered by "New form" (issue 8): definition files like any other
 * (docs/form-format.md), checked by the same rules when a form is made from one. The
 * owner's title replaces the template's.
 */
import type { z } from "zod";
import type { FormDefinition } from "./form-definition";

type Input = z.input<typeof FormDefinition>;

export interface FormTemplate {
  id: string;
  name: string;
  description: string;
  definition: Input;
}

const field = (name: string) => ({ type: "field", field: name });
const options = (...values: string[]) => values.map((label) => ({ value: label.toLowerCase().replace(/[^a-z0-9]+/g, "_"), label }));

const contact: Input = {
  title: "Contact us",
  fields: [
    { name: "full_name", type: "text", label: "Your name", required: true, autocomplete: "name" },
    { name: "email", type: "email", label: "Email", required: true, autocomplete: "email", placeholder: "you@example.com" },
    { name: "topic", type: "select", label: "What is it about?", options: options("General question", "Support", "Sales", "Press") },
    { name: "message", type: "textarea", label: "Message", required: true },
  ],
  blocks: [
    { type: "header", title_html: "<p>Get in touch</p>", description_html: "<p>We answer within one working day.</p>" },
    field("full_name"), field("email"), field("topic"), field("message"),
  ],
};

const feedback: Input = {
  title: "Feedback",
  fields: [
    { name: "recommend", type: "range", label: "How likely are you to recommend us to a friend?", min: 0, max: 10, step: 1, help_text: "0 is not at all, 10 is extremely likely." },
    { name: "liked", type: "checkboxes", label: "What did you like?", options: options("Speed", "Design", "Support", "Price") },
    { name: "improve", type: "textarea", label: "What should we improve?" },
    { name: "email", type: "email", label: "Email, if we may follow up", autocomplete: "email" },
  ],
  blocks: [field("recommend"), field("liked"), field("improve"), field("email")],
};

const eventRegistration: Input = {
  title: "Event registration",
  fields: [
    { name: "full_name", type: "text", label: "Full name", required: true, autocomplete: "name" },
    { name: "email", type: "email", label: "Email", required: true, autocomplete: "email" },
    { name: "company", type: "text", label: "Company", autocomplete: "organization" },
    { name: "session", type: "radio", label: "Which session will you join?", required: true, options: options("Morning", "Afternoon", "Evening") },
    { name: "dietary", type: "checkboxes", label: "Dietary needs", options: options("Vegetarian", "Vegan", "Gluten free") },
    { name: "guests", type: "number", label: "Guests you bring", min: 0, max: 4, step: 1 },
    { name: "accept_terms", type: "checkbox", label: "I agree to be contacted about this event", required: true },
  ],
  blocks: [
    { type: "section", title_html: "<p>About you</p>", children: [field("full_name"), field("email"), field("company")] },
    { type: "section", title_html: "<p>Your visit</p>", children: [field("session"), field("dietary"), field("guests"), field("accept_terms")] },
  ],
};

const order: Input = {
  title: "Order",
  fields: [
    {
      name: "product", type: "select", label: "Product", required: true,
      optgroups: [{ label: "T-shirts" }, { label: "Mugs" }],
      options: [
        { value: "tshirt_s", label: "T-shirt, small", group: "T-shirts" },
        { value: "tshirt_m", label: "T-shirt, medium", group: "T-shirts" },
        { value: "tshirt_l", label: "T-shirt, large", group: "T-shirts" },
        { value: "mug_white", label: "Mug, white", group: "Mugs" },
        { value: "mug_black", label: "Mug, black", group: "Mugs" },
      ],
    },
    { name: "quantity", type: "number", label: "Quantity", required: true, min: 1, max: 20, step: 1 },
    { name: "full_name", type: "text", label: "Name", required: true, autocomplete: "name" },
    { name: "phone", type: "tel", label: "Phone", pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}", placeholder: "555-123-4567", autocomplete: "tel" },
    { name: "address", type: "textarea", label: "Delivery address", required: true, autocomplete: "street-address" },
    { name: "deliver_on", type: "date", label: "Deliver on" },
  ],
  blocks: [field("product"), field("quantity"), field("full_name"), field("phone"), field("address"), field("deliver_on")],
};

export const FORM_TEMPLATES: readonly FormTemplate[] = [
  { id: "contact", name: "Contact", description: "Name, email, topic and a message.", definition: contact },
  { id: "feedback", name: "Feedback", description: "A 0–10 score, what people liked and what to improve.", definition: feedback },
  { id: "event", name: "Event registration", description: "Two sections: who is coming, and which session.", definition: eventRegistration },
  { id: "order", name: "Order", description: "A product in groups, quantity and delivery details.", definition: order },
];

export const formTemplate = (id: string): FormTemplate | undefined => FORM_TEMPLATES.find((t) => t.id === id);
