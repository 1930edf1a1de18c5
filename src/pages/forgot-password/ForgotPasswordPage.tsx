import { useTranslation } from "react-i18next";
import { useState } from "react";
import { ArrowLeftOutlined, MailOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Input, Result, Typography } from "antd";
import { forgotPasswordBody } from "../../../contracts/auth";
import { authApi } from "../../api/auth";
import { AuthShell } from "../../components/auth/AuthShell";
import { LinkButton } from "../../components/common/LinkButton";
import { ResultTitle } from "../../components/common/Text";
import { useDocumentTitle } from "../../components/common/useDocumentTitle";
import { useFormSubmit, zodRules } from "../../components/form";
import { ApiError } from "../../lib/http";
import { ROUTES } from "../../routing/guards";

const RULES = zodRules(forgotPasswordBody.shape);

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(t("forgot.pageTitle"));
  const { formProps, busy, error } = useFormSubmit<{ email: string }>({
    submit: async ({ email }) => {
      await authApi.forgotPassword(email.trim());
      // One message: the page says a link is on its way if the account exists (the server does not say
      // whether it does); no toast claims it was sent.
      setSentTo(email.trim());
    },
    // The server's reason, or the fallback when there is none worth showing: in the banner alone.
    onFailure: (failure) => (failure instanceof ApiError && failure.status !== 0 && failure.status !== 500 ? failure.message : t("forgot.failed")),
    fieldErrors: false,
  });

  const backToLogin = (
    <LinkButton to={ROUTES.login} block icon={<ArrowLeftOutlined />}>
      {t("forgot.back")}
    </LinkButton>
  );

  if (sentTo) {
    return (
      <AuthShell>
        <Result
          status="success"
          icon={<MailOutlined />}
          title={<ResultTitle>{t("forgot.sentTitle")}</ResultTitle>}
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
      <Form {...formProps} layout="vertical" requiredMark={false}>
        <Form.Item name="email" label={t("login.email")} rules={RULES.email} validateTrigger="onBlur">
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
