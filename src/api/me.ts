import type { TwoFactorSetup } from "../../contracts/two-factor";
import type { UserPreferences, UserRecord } from "../../contracts/users";
import { http } from "../lib/http";

export interface OwnProfileChanges {
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  address?: string | null;
  emergency_contact_name?: string | null;
  emergency_contact_phone?: string | null;
  preferences?: UserPreferences;
}

/** The signed-in person's own record, picture and password. */
export const meApi = {
  record: () => http.get<{ data: UserRecord }>("/user"),
  /** The language and theme saved with the account. */
  settings: () => http.get<{ data: UserPreferences }>("/user/settings"),
  updateProfile: (changes: OwnProfileChanges) => http.put<{ data: UserRecord; message: string }>("/me/profile", changes),
  uploadPicture: (file: File) => {
    const body = new FormData();
    body.append("file", file);
    // The browser writes the multipart boundary itself.
    return http.post<{ data: UserRecord; message: string }>("/me/profile/picture", body, { headers: { "Content-Type": "multipart/form-data" } });
  },
  changePassword: (body: { current_password: string; password: string; password_confirmation: string }) =>
    http.put<{ message: string }>("/me/change-password", body),
  /** One's signed-in devices, for useCustom. */
  sessionsPath: "/me/sessions",
  endSession: async (id: number) => (await http.delete<{ message: string }>(`/me/sessions/${id}`)).data,
  endOtherSessions: async () => (await http.post<{ data: { ended: number }; message: string }>("/me/sessions/end-others")).data,
  /** An administrator signs a person out on every device. */
  endSessionsOf: async (userId: number) => (await http.post<{ data: { ended: number }; message: string }>(`/users/${userId}/end-sessions`)).data,
  /** A new person's invitation to choose their password, sent again (409 once they have chosen one). */
  resendInvitation: async (userId: number) => (await http.post<{ data: { email: string; expires_at: string }; message: string }>(`/users/${userId}/invitation`)).data,
  /** One's two-factor sign-in, for useCustom. */
  twoFactorPath: "/me/two-factor",
  startTwoFactor: async () => (await http.post<{ data: TwoFactorSetup }>("/me/two-factor/setup")).data.data,
  enableTwoFactor: async (enrolment: string, code: string) => (await http.post<{ data: { recovery_codes: string[] }; message: string }>("/me/two-factor/enable", { enrolment, code })).data,
  disableTwoFactor: async (password: string, code: string) => (await http.post<{ message: string }>("/me/two-factor/disable", { password, code })).data,
  newRecoveryCodes: async (code: string) => (await http.post<{ data: { recovery_codes: string[] }; message: string }>("/me/two-factor/recovery-codes", { code })).data,
  /** An administrator removes a person's two-factor sign-in (409 when they have none). */
  resetTwoFactorOf: async (userId: number) => (await http.post<{ data: { reset: true }; message: string }>(`/users/${userId}/two-factor/reset`)).data,
};
