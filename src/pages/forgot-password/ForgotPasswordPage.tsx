import { useTranslation } from "react-i18next";
import { useState } from "react";
import { ArrowLeftOutlined, MailOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Input, Result, Typography } from "antd";
import { authApi } from "../../api/auth";
import { AuthShell } from "../../components/auth/AuthShell";
import { LinkButton } from "../../components/common/LinkButton";
import { formRules } from "../../lib/form-rules";
import { ApiError } from "../../lib/http";
import { toast, TOAST_LIFE } from "../../lib/toast";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const rules = formRules(t);

  const send = async ({ email }: { email: string }) => {
    setBusy(true);
    setError(null);
    try {
      await authApi.forgotPassword(email.trim());
      setSentTo(email.trim());
      toast("success", t("forgot.sentToastTitle"), t("forgot.sentToast"), TOAST_LIFE.long);
    } catch (failure) {
      const message = failure instanceof ApiError && failure.status !== 0 && failure.status !== 500 ? failure.message : t("forgot.failed");
      setError(message);
      toast("error", t("toast.error"), message, TOAST_LIFE.long);
    } finally {
      setBusy(false);
    }
  };

  const backToLogin = (
    <LinkButton to="/login" block icon={<ArrowLeftOutlined />}>
      {t("forgot.back")}
    </LinkButton>
  );

  if (sentTo) {
    return (
      <AuthShell>
        <Result
          status="success"
          icon={<MailOutlined />}
          title={t("forgot.sentTitle")}
          subTitle={t("forgot.sentTo", { email: sentTo })}
          style={{ padding: 0 }}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t("forgot.expiry")} {t("forgot.spam")} {t("forgot.again")}
        </Typography.Paragraph>
        <Button type="link" block onClick={() => setSentTo(null)} style={{ marginBottom: 8 }}>
          {t("forgot.requestAgain")}
        </Button>
        {backToLogin}
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={send} requiredMark={false} disabled={busy}>
        <Form.Item name="email" label={t("login.email")} rules={[rules.required, rules.email]} validateTrigger="onBlur">
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus placeholder={t("login.emailPlaceholder")} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} style={{ marginBottom: 12 }}>
          {busy ? t("forgot.submitting") : t("forgot.submit")}
        </Button>
      </Form>
      {backToLogin}
    </AuthShell>
  );
}
