/** How big a logic expression may be (docs/form-format.md "Logic"), checked when saved and when read. */
export const EXPRESSION_LIMITS = {
  /** Characters of one expression's text. */
  length: 1_000,
  /** Parentheses and unary operators nested inside each other. */
  depth: 32,
  /** Characters of a text value an expression builds (`+` on texts); a longer one is null. */
  text_length: 10_000,
} as const;
