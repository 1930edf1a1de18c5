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
  return true;
}
