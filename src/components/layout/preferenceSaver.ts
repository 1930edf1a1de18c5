import { createContext, useContext } from "react";
import type { UserPreferences } from "../../../contracts/users";
import { meApi } from "../../api/me";
import { readAuthenticatedFlag } from "../../auth/storage";

/** Saves a changed preference to the signed-in person's account. */
export type SavePreferences = (changes: UserPreferences) => void;

/** The signed-in person's saved preferences (as loaded, with the changes made since) and how to save more. */
export interface PreferenceStore {
  saved: UserPreferences;
  save: SavePreferences;
  /** Takes in choices another call already saved (the preferences page): applied here, not sent again. */
  remember: (changes: UserPreferences) => void;
}

export const PreferenceStoreContext = createContext<PreferenceStore | null>(null);

/**
 * Outside the signed-in shell (a whole-page message such as "no access", which has the same controls): a
 * signed-in person's choice is saved all the same, or the shell would put back the account's older one on
 * the next page. A failure says nothing there: the choice holds in this browser. Signed out, it stays local.
 */
const saveWhenSignedIn: SavePreferences = (changes) => {
  if (readAuthenticatedFlag()) meApi.updateProfile({ preferences: changes }).catch(() => {});
};
const NONE: UserPreferences = {};

/** The header controls call this after applying a choice: saved with the account when signed in, kept in this browser otherwise. */
export function useSavePreferences(): SavePreferences {
  return useContext(PreferenceStoreContext)?.save ?? saveWhenSignedIn;
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
