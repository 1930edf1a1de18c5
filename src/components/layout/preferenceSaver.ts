import { createContext, useContext } from "react";
import type { UserPreferences } from "../../../contracts/users";

/** Saves a changed preference to the signed-in person's account; absent on the public screens. */
export type SavePreferences = (changes: UserPreferences) => void;

/** The signed-in person's saved preferences (as loaded, with the changes made since) and how to save more. */
export interface PreferenceStore {
  saved: UserPreferences;
  save: SavePreferences;
  /** Takes in choices another call already saved (the preferences page): applied here, not sent again. */
  remember: (changes: UserPreferences) => void;
}

export const PreferenceStoreContext = createContext<PreferenceStore | null>(null);

const keepLocalOnly: SavePreferences = () => {};
const NONE: UserPreferences = {};

/** The header controls call this after applying a choice: saved with the account when signed in, kept in this browser otherwise. */
export function useSavePreferences(): SavePreferences {
  return useContext(PreferenceStoreContext)?.save ?? keepLocalOnly;
}

const forgetIt = () => {};

/** For a page that saved preferences itself: the rest of the app follows them without sending them again. */
export function useRememberPreferences(): (changes: UserPreferences) => void {
  return useContext(PreferenceStoreContext)?.remember ?? forgetIt;
}

/** What the person saved with their account; nothing on the public screens or before it loads. */
export function useSavedPreferences(): UserPreferences {
  return useContext(PreferenceStoreContext)?.saved ?? NONE;
}
