/** @jsxRuntime automatic */
/**
 * One switch from field type to renderer family. Types without a renderer in this release
 * (see `capabilityOf(type).renderable`) are skipped with a console warning.
 */
import type { FieldProps } from "./field-props";
import { TextInput } from "./text-input";
import { Choice } from "./choice";
import { BooleanInput } from "./boolean";
import { FileField } from "./file-field";
import { WidgetField } from "./widget-field";

const warned = new Set<string>();

export function FieldRenderer(props: FieldProps) {
  switch (props.field.type) {
    case "text": case "textarea": case "email": case "tel": case "url": case "password": case "number":
    case "range": case "date": case "time": case "datetime-local": case "month": case "week": case "color":
    case "hidden":
      return <TextInput {...props} />;
    case "select": case "radio": case "checkboxes":
      return <Choice {...props} />;
    case "checkbox": case "switch": case "toggle":
      return <BooleanInput {...props} />;
    case "file": case "image": case "audio": case "video":
      return <FileField {...props} />;
    case "country": case "toggle-group": case "json": case "latlng":
      return <WidgetField {...props} />;
    default:
      if (!warned.has(props.field.name)) {
        warned.add(props.field.name);
        console.warn(`[fieldwork] no renderer for field type "${props.field.type}" (field "${props.field.name}")`);
      }
      return null;
  }
}
