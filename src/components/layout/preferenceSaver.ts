import { createContext, useContext } from "react";
import type { UserPreferences } from "../../../contracts/users";

/** Saves a changed preference to the signed-in person's account; absent on the public screens. */
export type SavePreferences = (changes: UserPreferences) => void;

export const PreferenceSaverContext = createContext<SavePreferences | null>(null);

const keepLocalOnly: SavePreferences = () => {};

/** The header controls call this after applying a choice: saved with the account when signed in, kept in this browser otherwise. */
export function useSavePreferences(): SavePreferences {
  return useContext(PreferenceSaverContext) ?? keepLocalOnly;
}
