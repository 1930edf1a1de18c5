import { useEffect, type ReactNode } from "react";
import { Alert, Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../../components/common/FullPageSpinner";
import { useFormSubmit } from "../../components/form";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { PageTitle } from "../../components/common/PageTitle";

interface SettingsFormProps<Values> {
  titleKey: string;
  /** The values as stored; the form waits for them. */
  values: Values | undefined;
  /** Sends the fields the person changed; resolves with the values as stored and the server's words. */
  save: (changes: Partial<Values>) => Promise<{ message: string; data: Values }>;
  /** False for someone who may read but not change: the fields are shown disabled, without a Save button. */
  editable: boolean;
  children: ReactNode;
}

/**
 * A settings page: its title, the stored values in a form, one Save, the
 * server's 422 on its fields and its words in a toast. Each group and the
 * company profile build on it, so they behave alike.
 */
export function SettingsForm<Values extends object>({ titleKey, values, save, editable, children }: SettingsFormProps<Values>) {
  const { t } = useTranslation();
  const { form, formProps, busy, error } = useFormSubmit<Values>({
    submit: async () => {
      // Only what was changed here: a value changed meanwhile elsewhere (the header's language,
      // another administrator) is not sent back as it was when the page loaded.
      const { message, data } = await save(form.getFieldsValue(true, (meta) => meta.touched) as Partial<Values>);
      showStored(data);
      toast("success", t(titleKey), message, TOAST_LIFE.long);
    },
  });

  /** The values as stored, in fields that count as untouched (antd marks a field set from code as touched). */
  const showStored = (stored: Values) => {
    form.setFieldsValue(stored as never);
    form.setFields(form.getFieldsError().map(({ name }) => ({ name: name as never, touched: false })));
  };

  // The stored values fill the form, but never over what the person is typing (a logo uploaded meanwhile refreshes them).
  useEffect(() => {
    if (values && !form.isFieldsTouched()) showStored(values);
    // showStored only reads the form, which stays the same.
  }, [values, form]);

  if (!values) return <FullPageSpinner />;
  return (
    <>
      <PageTitle style={{ marginTop: 0 }}>
        {t(titleKey)}
      </PageTitle>
      {!editable && <Alert type="info" showIcon message={t("settings.readOnly")} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form {...formProps} disabled={!editable || busy} layout="vertical" requiredMark={false} style={{ maxWidth: 960 }}>
        {children}
        {editable && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t("common.save")}
          </Button>
        )}
      </Form>
    </>
  );
}
