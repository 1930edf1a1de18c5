/**
 * What people can be told about, and how: the catalogue the notifications
 * service, the company-wide defaults (settings) and each person's own
 * choices (preferences) share. Attendance and payroll add their types here.
 */
import { z } from "zod";
import { MESSAGE } from "./validation";

export const NOTIFICATION_TYPES = ["password_changed", "password_reset", "access_changed", "account_deactivated", "system", "attendance_corrected", "payslip_released", "payslip_withdrawn", "two_factor", "leave_requested", "leave_decided"] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where one type of notification reaches a person: in the app (the bell) and by e-mail. */
export const deliveryChoice = z.strictObject({
  in_app: z.boolean({ error: MESSAGE.invalidType }),
  email: z.boolean({ error: MESSAGE.invalidType }),
});

export type DeliveryChoice = z.infer<typeof deliveryChoice>;

export type DeliveryChoices = Record<NotificationType, DeliveryChoice>;

/** Every type with its channels (the company's defaults), or some of them (a person's own choices over those). */
const byType = <T extends z.ZodType>(value: T) => z.strictObject(Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, value])) as Record<NotificationType, T>);

export const deliveryChoices = byType(deliveryChoice);
export const deliveryOverrides = byType(deliveryChoice.partial().optional()).partial();

export type DeliveryOverrides = z.infer<typeof deliveryOverrides>;

/**
 * Today's defaults: account security by both channels (a person whose password
 * changed must hear of it even if they never open the app), the rest in the app.
 */
export const DEFAULT_DELIVERY: DeliveryChoices = {
  password_changed: { in_app: true, email: true },
  password_reset: { in_app: true, email: true },
  access_changed: { in_app: true, email: false },
  account_deactivated: { in_app: false, email: true },
  system: { in_app: true, email: false },
  // Someone changed one's working time: worth an e-mail, payroll reads it.
  attendance_corrected: { in_app: true, email: true },
  // Pay is news people want wherever they are; the e-mail links to the payslip, never attaches it.
  payslip_released: { in_app: true, email: true },
  // A payslip the person may have saved, printed or handed on no longer stands: they hear it the way they heard of it.
  payslip_withdrawn: { in_app: true, email: true },
  // Account security, like a password change: turned on or off, a recovery code used, reset by an administrator.
  two_factor: { in_app: true, email: true },
  // Approvers hear of a request in the app (the approvals page gathers them); the person hears the decision both ways.
  leave_requested: { in_app: true, email: false },
  leave_decided: { in_app: true, email: true },
};

/** A person's channels for each type: their own choice where they made one, the company's otherwise. */
export function effectiveDelivery(company: DeliveryChoices, own: DeliveryOverrides | undefined): DeliveryChoices {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { ...company[type], ...own?.[type] }])) as DeliveryChoices;
}
