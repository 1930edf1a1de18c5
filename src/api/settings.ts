import type { CompanyProfileBody, CompanyProfileRecord } from "../../contracts/company";
import type { PreferencesRecord, SettingsGroup, SettingsRecord } from "../../contracts/settings";
import type { UserPreferences } from "../../contracts/users";
import { http } from "../lib/http";

type Saved<T> = { data: T; message: string };

/** The workspace's settings groups, the company profile and its logo, and one's own preferences. */
export const settingsApi = {
  save: <G extends SettingsGroup>(group: G, changes: Partial<SettingsRecord<G>>) => http.put<Saved<SettingsRecord<G>>>(`/settings/${group}`, changes),
  savePreferences: (changes: UserPreferences) => http.put<Saved<PreferencesRecord>>("/settings/preferences", changes),
  saveCompanyProfile: (changes: Partial<CompanyProfileBody>) => http.put<Saved<CompanyProfileRecord>>("/company-profile", changes),
  uploadLogo: (file: File) => {
    const body = new FormData();
    body.append("file", file);
    // The browser writes the multipart boundary itself.
    return http.post<Saved<CompanyProfileRecord>>("/company-profile/logo", body, { headers: { "Content-Type": "multipart/form-data" } });
  },
  removeLogo: () => http.delete<Saved<CompanyProfileRecord>>("/company-profile/logo"),
};
