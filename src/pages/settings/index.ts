/** The settings pages, one resource each in the resource list (the menu's Settings group). */
export { default as companyProfile } from "./CompanyProfilePage";
export { default as payrollSettings } from "./PayrollSettingsPage";
export { default as userPreferences } from "./UserPreferencesPage";
export { default as systemSettings } from "./SystemSettingsPage";
export { default as notificationDefaults } from "./NotificationDefaultsPage";
