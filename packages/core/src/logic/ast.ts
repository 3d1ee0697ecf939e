/**
 * The syntax tree of a logic expression (`v_hidden`, `v_value`; docs/form-format.md "Logic")
 * and the operators' binding strength. Its canonical text (`formatExpression`, which only the
 * editor and the server write) is in expression-text.ts, out of the public form's first load.
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
