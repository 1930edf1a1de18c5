import { useForm, type UseFormProps } from "@refinedev/antd";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { writeNotifications } from "./notifications";

/**
 * A resource's create or edit form on its own page (Refine's useForm): the
 * 422 on its fields, the outcome said once in the app's words
 * (notifications.ts), and a question before leaving it with unsaved changes
 * (Refine's warnWhenUnsavedChanges, on for the whole app in SignedInApp).
 */
export function useResourceForm<TQueryFnData extends BaseRecord = BaseRecord, TVariables = {}, TData extends BaseRecord = TQueryFnData>(
  props: UseFormProps<TQueryFnData, HttpError, TVariables, TData>,
) {
  return useForm<TQueryFnData, HttpError, TVariables, TData>({ ...writeNotifications, ...props });
}
