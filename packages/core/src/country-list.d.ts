/** The parts of `country-list` (which ships no types) that country-codes.ts uses. */
declare module "country-list" {
  export function getCodes(): string[];
  export function getName(code: string): string | undefined;
}
