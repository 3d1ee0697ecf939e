/**
 * The grid's search as a `to_tsquery` text (the `fts` filter on a table's search column):
 * every word must match, the last one as a prefix (`'grace' & 'hopp':*`), so a search finds
 * rows while the word is still being typed. Each word is a quoted lexeme, its quotes doubled
 * and backslashes escaped, so no text a user types is read as tsquery syntax (`&`, `|`, `!`,
 * `<->`, `:*`, parentheses stay characters, and the config's parser drops them); control
 * characters, which Postgres refuses in text, become spaces. A text of no words is the empty
 * query, which matches nothing.
 */
const CONTROL = /[\u0000-\u001f\u007f]/g;

const lexeme = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

export function prefixTsquery(text: string): string {
  const words = text.replace(CONTROL, " ").split(/\s+/).filter((word) => word !== "");
  return words.map((word, i) => (i === words.length - 1 ? `${lexeme(word)}:*` : lexeme(word))).join(" & ");
}
