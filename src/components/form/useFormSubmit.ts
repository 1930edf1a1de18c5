import { useState } from "react";
import { Form, type FormInstance } from "antd";
import i18next from "i18next";
import { FOCUS_FIRST_ERROR, showServerErrors } from "./serverErrors";

export interface FormSubmitOptions<Values> {
  /** Sends the values; resolves once the server took them. */
  submit: (values: Values, form: FormInstance<Values>) => Promise<unknown>;
  /** Says a failure (a toast, say) and returns the banner's text; by default the failure's own message. */
  onFailure?: (failure: unknown) => string;
  /** The spec's public screens say every failure in their banner (section 8), none on a field. */
  fieldErrors?: boolean;
}

/**
 * The form kit's submit for calls that are no resource's create or edit
 * (one's own profile, a password, the public screens): the same `formProps`
 * shape Refine's useForm gives resource forms, with the server's 422 on the
 * fields and any other failure in a banner.
 */
export function useFormSubmit<Values>({ submit, onFailure, fieldErrors = true }: FormSubmitOptions<Values>) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      await submit(values, form);
    } catch (failure) {
      if (!(fieldErrors && showServerErrors(form, failure))) {
        setError(onFailure ? onFailure(failure) : failure instanceof Error ? failure.message : i18next.t("errors.other"));
      }
    } finally {
      setBusy(false);
    }
  };

  return { form, busy, error, formProps: { form, onFinish, disabled: busy, scrollToFirstError: FOCUS_FIRST_ERROR, noValidate: true } };
}
