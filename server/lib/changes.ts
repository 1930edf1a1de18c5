/** Before/after of the fields that changed, for the activity log. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from: from ?? null, to };
  }
  return changes;
}
