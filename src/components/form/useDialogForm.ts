import { useModalForm } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { writeNotifications } from "./notifications";
import { FOCUS_FIRST_ERROR, focusFirstError } from "./serverErrors";

/**
 * A resource's create or edit form in a dialog (Refine's useModalForm, which
 * closes the dialog once saved). The outcome is said once in the app's words
 * (notifications.ts). A refused save has been said already (the 422 on its
 * fields, other failures in a toast): the dialog stays open, and the
 * rejection goes no further. Closing it with unsaved changes asks first
 * (useModalForm does, with warnWhenUnsavedChanges on in SignedInApp). A save
 * stays on the page: Refine would otherwise go to the resource's list route,
 * which drops the page's own address state (a tab, a filter) or, for a
 * resource listed inside another page, leaves it.
 */
export function useDialogForm<T extends BaseRecord>(resource: string, action: "create" | "edit") {
  const form = useModalForm<T>({ resource, action, syncWithLocation: false, redirect: false, ...writeNotifications });
  const save = form.formProps.onFinish as ((values: object) => Promise<unknown> | void) | undefined;
  const onFinish = async (values: object) => {
    try {
      await save?.(values);
    } catch {
      // Shown on the fields or in a toast by Refine already.
    }
    focusFirstError(form.form);
  };
  return {
    ...form,
    // The form is in the page only while its dialog is open: two dialogs of one page (create, edit) would
    // otherwise both hold a "Name" field, read twice by a screen reader. Its name keeps the field ids apart.
    modalProps: { ...form.modalProps, forceRender: false, destroyOnHidden: true },
    formProps: { ...form.formProps, name: `${resource}-${action}`, onFinish, scrollToFirstError: FOCUS_FIRST_ERROR, noValidate: true },
  };
}

export type DialogForm<T extends BaseRecord> = ReturnType<typeof useDialogForm<T>>;
