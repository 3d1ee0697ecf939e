/**
 * Reading a logic expression into its tree (docs/form-format.md "Logic"). Bounded: at most
 * `EXPRESSION_LIMITS.length` characters and `depth` levels of parentheses and unary
 * operators. A problem is a value with its position, never an exception to the caller.
 */
import { PRECEDENCE, type BinaryOperator, type Expression } from "./ast";
import { EXPRESSION_LIMITS } from "./limits";
import { ExpressionSyntaxError, tokenize, type SyntaxProblem, type Token } from "./tokens";

export type { SyntaxProblem } from "./tokens";

export type ParseOutcome = { ok: true; ast: Expression } | ({ ok: false } & SyntaxProblem);

const describe = (token: Token): string =>
  token.type === "end" ? "the end" : token.type === "open" ? '"("' : token.type === "close" ? '")"'
    : token.type === "operator" ? `"${token.value}"` : "a value";

class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private get next(): Token {
    return this.tokens[this.index]!;
  }

  private fail(message: string, token: Token = this.next): never {
    throw new ExpressionSyntaxError({ message: `${message} at position ${token.at}`, position: token.at });
  }

  private nest(token: Token): void {
    if (++this.depth > EXPRESSION_LIMITS.depth) this.fail(`Nested deeper than ${EXPRESSION_LIMITS.depth} levels`, token);
  }

  parse(): Expression {
    if (this.next.type === "end") this.fail("Empty expression");
    const ast = this.binary(1);
    if ((this.next as Token).type !== "end") this.fail(`Unexpected ${describe(this.next)}`);
    return ast;
  }

  private binary(level: number): Expression {
    if (level > 7) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.next;
      if (token.type !== "operator" || token.value === "!" || PRECEDENCE[token.value] !== level) return left;
      this.index++;
      left = { kind: "binary", operator: token.value as BinaryOperator, left, right: this.binary(level + 1) };
    }
  }

  private unary(): Expression {
    const token = this.next;
    if (token.type === "operator" && (token.value === "!" || token.value === "-")) {
      this.index++;
      this.nest(token);
      const operand = this.unary();
      this.depth--;
      return { kind: "unary", operator: token.value, operand };
    }
    return this.primary();
  }

  private primary(): Expression {
    const token = this.next;
    this.index++;
    switch (token.type) {
      case "number": case "string": case "word": return { kind: "literal", value: token.value };
      case "reference": return { kind: "reference", name: token.name };
      case "open": {
        this.nest(token);
        const inner = this.binary(1);
        if (this.next.type !== "close") this.fail(`Expected ")" but found ${describe(this.next)}`);
        this.index++;
        this.depth--;
        return inner;
      }
      default:
        this.index--;
        return this.fail(`Expected a value but found ${describe(token)}`);
    }
  }
}

/** Reads `text`; `{ ok: false, message, position }` when it is not an expression. */
export function parseExpression(text: string): ParseOutcome {
  if (typeof text !== "string") return { ok: false, message: "An expression is text at position 0", position: 0 };
  if (text.length > EXPRESSION_LIMITS.length) {
    return { ok: false, message: `Longer than ${EXPRESSION_LIMITS.length} characters at position ${EXPRESSION_LIMITS.length}`, position: EXPRESSION_LIMITS.length };
  }
  try {
    return { ok: true, ast: new Parser(tokenize(text)).parse() };
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return { ok: false, ...error.problem };
    return { ok: false, message: "Unreadable expression at position 0", position: 0 };
  }
}

const cache = new Map<string, ParseOutcome>();
const CACHE_SIZE = 500;

/** `parseExpression` remembered for the last few hundred texts (the page re-evaluates on every input). */
export function compileExpression(text: string): ParseOutcome {
  const known = cache.get(text);
  if (known) return known;
  const outcome = parseExpression(text);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, outcome);
  return outcome;
}
