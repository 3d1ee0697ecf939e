/**
 * The canonical text of a logic expression's tree. `formatExpression` writes the fewest
 * parentheses that keep the tree, so `parseExpression(formatExpression(ast))` gives `ast` back.
 * Only the editor and the server write expressions: its own module, out of the public form's
 * first load.
 */
import { PRECEDENCE, type Expression } from "./ast";

const UNARY_PRECEDENCE = 8;

const strength = (node: Expression): number =>
  node.kind === "binary" ? PRECEDENCE[node.operator] : node.kind === "unary" ? UNARY_PRECEDENCE : 9;

function literalText(value: string | number | boolean | null): string {
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}

/** The canonical text of a tree: `#/age >= 18 && #/country == "KR"`. */
export function formatExpression(node: Expression): string {
  switch (node.kind) {
    case "literal": return literalText(node.value);
    case "reference": return `#/${node.name}`;
    case "unary": {
      const inner = formatExpression(node.operand);
      // `- -1` and `--1` would read differently; a space keeps two minus signs apart.
      const text = strength(node.operand) < UNARY_PRECEDENCE ? `(${inner})` : inner;
      return node.operator === "-" && text.startsWith("-") ? `- ${text}` : `${node.operator}${text}`;
    }
    case "binary": {
      const own = PRECEDENCE[node.operator];
      const left = formatExpression(node.left);
      const right = formatExpression(node.right);
      return `${strength(node.left) < own ? `(${left})` : left} ${node.operator} ${strength(node.right) <= own ? `(${right})` : right}`;
    }
  }
}
