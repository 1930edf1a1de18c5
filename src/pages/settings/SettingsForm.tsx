import { useEffect, type ReactNode } from "react";
import { Alert, Button, Form, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../../components/common/FullPageSpinner";
import { useFormSubmit } from "../../components/form";
import { toast, TOAST_LIFE } from "../../lib/toast";

interface SettingsFormProps<Values> {
  titleKey: string;
  /** The values as stored; the form waits for them. */
  values: Values | undefined;
  /** Sends the form's values; resolves with the server's words once saved. */
  save: (values: Values) => Promise<{ message: string }>;
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
    submit: async (changes) => {
      const { message } = await save(changes);
      toast("success", t(titleKey), message, TOAST_LIFE.long);
    },
  });

  useEffect(() => {
    if (values) form.setFieldsValue(values as never);
  }, [values, form]);

  if (!values) return <FullPageSpinner />;
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(titleKey)}
      </Typography.Title>
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
