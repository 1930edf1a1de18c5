import type { HttpError, OpenNotificationParams } from "@refinedev/core";
import i18next from "i18next";
import { ApiError } from "../../lib/http";

/**
 * One message per outcome, for every Refine write (a form's create or edit, a
 * delete): Refine's own toasts ("Successfully created user / Success", "There
 * was an error creating user (status code: 422)") are replaced by the app's.
 *
 * - Success: the server's reply `message` ("Employee created."), already in
 *   the reader's language; the data provider hands it on with the record.
 * - A 422 that names fields: nothing here, the form shows it on its fields.
 * - Any other failure (403, 404, 409, 422 without fields, 500, no answer):
 *   one toast with the failure's message (the server's, or the app's
 *   words for its status, src/lib/http.ts).
 *
 * The form kit's resource forms (useResourceForm, useDialogForm) use them;
 * a mutation called by hand spreads them into its call:
 * `remove({ resource, id, ...writeNotifications })`.
 */
export function successNotification(response: unknown): OpenNotificationParams | false {
  const message = (response as { message?: unknown } | undefined)?.message;
  return { type: "success", message: typeof message === "string" && message ? message : i18next.t("toast.done") };
}

/** True when the failure is said on the form's fields (a 422 that names at least one). */
export function saidOnFields(failure: unknown): boolean {
  const errors = (failure as Partial<HttpError> | undefined)?.errors;
  const status = failure instanceof ApiError ? failure.status : (failure as Partial<HttpError> | undefined)?.statusCode;
  return status === 422 && typeof errors === "object" && errors !== null && Object.keys(errors).length > 0;
}

/** A failure's words for a person: the server's message, else a general one. */
export const failureMessage = (failure: unknown): string => (failure instanceof Error && failure.message ? failure.message : i18next.t("errors.other"));

export function errorNotification(failure: unknown): OpenNotificationParams | false {
  if (saidOnFields(failure)) return false;
  return { type: "error", message: failureMessage(failure) };
}

/** Both, to spread into a Refine hook's props or a mutation call. */
export const writeNotifications = { successNotification, errorNotification } as const;

/**
 * A delete has no form to put a refusal on: "SSS uses BASIC: change SSS
 * first" (a 422 naming the code field) is said in a toast like any other failure.
 */
export const deleteNotifications = {
  successNotification,
  errorNotification: (failure: unknown): OpenNotificationParams => ({ type: "error", message: failureMessage(failure) }),
} as const;
