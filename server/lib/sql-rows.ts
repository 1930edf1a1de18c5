/** The rows of a raw query (`db.execute`), whichever driver ran it. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A count or sum: int8 and numeric come back as numbers from PGlite and as strings from pg. */
export const int = (value: number | string | null | undefined): number => Number(value ?? 0);
