import type { SettingsRecord } from "../../contracts/settings";

/** The system settings group as GET /settings/system answers it: the defaults, mail to the outbox. */
export const SYSTEM_SETTINGS: SettingsRecord<"system"> = {
  session_hours: 12,
  remember_days: 30,
  throttle_window_minutes: 15,
  login_per_account_and_address: 5,
  login_per_account: 50,
  login_per_address: 30,
  forgot_per_address: 5,
  forgot_per_account: 3,
  allow_registration: false,
  admin_contact: "it-help@example.com",
  two_factor_required: false,
  backup_enabled: true,
  backup_time: "02:00",
  backup_keep: 14,
  mail: { transport: "outbox", from: "Paydesk <no-reply@paydesk.local>" },
};
