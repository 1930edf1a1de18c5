/** A whole number from the address (?year=, ?run=), else none: a typed-in address may hold anything. */
export function wholeNumberOf(value: string | null): number | undefined {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}
