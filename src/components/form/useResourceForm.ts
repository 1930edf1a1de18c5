import { useForm, type UseFormProps } from "@refinedev/antd";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { writeNotifications } from "./notifications";
import { FOCUS_FIRST_ERROR, focusFirstError } from "./serverErrors";

/**
 * A resource's create or edit form on its own page (Refine's useForm): the
 * 422 on its fields, the outcome said once in the app's words
 * (notifications.ts), and a question before leaving it with unsaved changes
 * (Refine's warnWhenUnsavedChanges, on for the whole app in SignedInApp).
 */
export function useResourceForm<TQueryFnData extends BaseRecord = BaseRecord, TVariables = {}, TData extends BaseRecord = TQueryFnData>(
  props: UseFormProps<TQueryFnData, HttpError, TVariables, TData>,
) {
  const form = useForm<TQueryFnData, HttpError, TVariables, TData>({ ...writeNotifications, ...props });
  const save = form.formProps.onFinish as ((values: TVariables) => Promise<unknown> | void) | undefined;
  const onFinish = async (values: TVariables) => {
    // Refine answers a refusal with the error instead of throwing, the 422 already on the fields: start the
    // person at the first of them (nothing moves after a save that passed).
    await save?.(values);
    focusFirstError(form.form);
  };
  return { ...form, formProps: { ...form.formProps, onFinish, scrollToFirstError: FOCUS_FIRST_ERROR, noValidate: true } };
}
