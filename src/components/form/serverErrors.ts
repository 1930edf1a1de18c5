import type { FormInstance } from "antd";
import { ApiError } from "../../lib/http";

/**
 * Puts a refused call's field messages (the server's 422, already in the
 * reader's language) on the form's fields, as Refine's forms do for
 * resources. False when the failure named no field: the caller says it elsewhere.
 */
export function showServerErrors(form: FormInstance, failure: unknown): boolean {
  if (!(failure instanceof ApiError) || Object.keys(failure.errors).length === 0) return false;
  // "permissions.0" is the first entry of the permissions field.
  const path = (field: string) => field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  form.setFields(Object.entries(failure.errors).map(([field, errors]) => ({ name: path(field), errors })));
  focusFirstError(form);
  return true;
}

/** Moves the keyboard to the first field in error (and it into view), so the person starts where the form stopped them. */
export function focusFirstError(form: FormInstance): void {
  const first = form.getFieldsError().find((field) => field.errors.length > 0);
  if (first) form.scrollToField(first.name, { focus: true, block: "center" });
}

/** antd's own check on submit does the same for the rules the form knows (the kit's forms all pass it). */
export const FOCUS_FIRST_ERROR = { focus: true, block: "center" } as const;
