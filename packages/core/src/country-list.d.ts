/** The data of `country-list` (which ships no types), read as JSON so bundles need no CommonJS interop. */
declare module "country-list/data.json" {
  const countries: { code: string; name: string }[];
  export default countries;
}
