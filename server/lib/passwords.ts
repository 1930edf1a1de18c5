import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.
const ARGON2ID = 2;

export interface HashingCost {
  memoryCost: number;
  timeCost: number;
}

export function hashPassword(password: string, cost: HashingCost): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost });
}

/** False for a person with no password yet (invited, the link not used). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
