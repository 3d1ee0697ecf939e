/**
 * The syntax tree of a logic expression (`v_hidden`, `v_value`; docs/form-format.md "Logic")
 * and its canonical text. `formatExpression` writes the fewest parentheses that keep the
 * tree, so `parseExpression(formatExpression(ast))` gives `ast` back.
 */
export type BinaryOperator = "??" | "||" | "&&" | "==" | "!=" | "<" | ">" | "<=" | ">=" | "+" | "-" | "*" | "/" | "%";
export type UnaryOperator = "!" | "-";

export type Expression =
  | { kind: "literal"; value: string | number | boolean | null }
  | { kind: "reference"; name: string }
  | { kind: "unary"; operator: UnaryOperator; operand: Expression }
  | { kind: "binary"; operator: BinaryOperator; left: Expression; right: Expression };

/** Binding strength, loosest first; every binary operator is left-associative. */
export const PRECEDENCE: Record<BinaryOperator, number> = {
  "??": 1, "||": 2, "&&": 3, "==": 4, "!=": 4, "<": 5, ">": 5, "<=": 5, ">=": 5, "+": 6, "-": 6, "*": 7, "/": 7, "%": 7,
};
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

/** The field names a tree reads, each once, in order of first use. */
export function expressionReferences(node: Expression): string[] {
  const names = new Set<string>();
  const stack = [node];
  while (stack.length) {
    const next = stack.pop()!;
    if (next.kind === "reference") names.add(next.name);
    else if (next.kind === "unary") stack.push(next.operand);
    else if (next.kind === "binary") stack.push(next.right, next.left);
  }
  return [...names];
}
