/** A whole number ≥ `min` from the environment variable `name`, or `fallback` when unset; anything else stops the start. */
export function wholeNumberFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min} (got ${JSON.stringify(raw)}).`);
  return value;
}
