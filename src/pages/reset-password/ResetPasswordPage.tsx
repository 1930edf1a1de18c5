import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { ArrowLeftOutlined, ClockCircleOutlined } from "@ant-design/icons";
import { useNavigate, useSearchParams } from "react-router";
import { Alert, Button, Form, Result, Space, Spin, Typography } from "antd";
import { AuthShell } from "../../components/auth/AuthShell";
import { LinkButton } from "../../components/common/LinkButton";
import { ResultTitle } from "../../components/common/Text";
import { useDocumentTitle } from "../../components/common/useDocumentTitle";
import { NewPasswordFields } from "../../components/auth/NewPasswordFields";
import { authApi } from "../../api/auth";
import { useFormSubmit } from "../../components/form";
import { ApiError } from "../../lib/http";
import { ROUTES } from "../../routing/guards";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { INVITATION_LINK_DAYS } from "../../../contracts/auth";
import { formatDateTime } from "../../lib/dates";
import { useResetLink } from "./useResetLink";

const WARN_AT_MINUTES = 5;
const REDIRECT_AFTER_MS = 3000;

interface ResetForm {
  password: string;
  password_confirmation: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? undefined;
  const email = params.get("email") ?? undefined;
  const { state, succeed } = useResetLink(token, email);
  // An invitation's page welcomes a new person; a reset's speaks of a new password.
  const invited = state.status !== "verifying" && state.purpose === "invitation";
  useDocumentTitle(t(invited ? "reset.invitation.pageTitle" : "reset.pageTitle"));
  const { formProps, busy, error } = useFormSubmit<ResetForm>({
    submit: async (values) => {
      const { data } = await authApi.resetPassword({ token: token!, email: email!, ...values });
      toast("success", invited ? data.message : t("reset.successToastTitle"), invited ? undefined : t("reset.successToast"), TOAST_LIFE.long);
      succeed();
    },
    // The spec: the first password error, else the server's message, else the fallback, in the banner.
    onFailure: (failure) =>
      failure instanceof ApiError ? (failure.errors.password?.[0] ?? (failure.status === 0 || failure.status === 500 ? t("reset.failed") : failure.message)) : t("reset.failed"),
    fieldErrors: false,
  });

  useEffect(() => {
    if (state.status !== "success") return;
    const timer = setTimeout(() => navigate(ROUTES.login, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  const backToLogin = (
    <LinkButton to={ROUTES.login} block icon={<ArrowLeftOutlined />}>
      {t("reset.backToLogin")}
    </LinkButton>
  );

  if (state.status === "verifying") {
    return (
      <AuthShell>
        <Space direction="vertical" align="center" style={{ width: "100%", padding: "24px 0" }} data-testid="reset-verifying">
          <Spin size="large" />
          <Typography.Text>{t("reset.verifying")}</Typography.Text>
        </Space>
      </AuthShell>
    );
  }

  if (state.status === "success") {
    return (
      <AuthShell>
        <Result
          status="success"
          title={<ResultTitle>{t(invited ? "reset.invitation.successTitle" : "reset.successTitle")}</ResultTitle>}
          subTitle={t(invited ? "reset.invitation.successText" : "reset.successText")}
          extra={
            <LinkButton to={ROUTES.login} type="primary">
              {t("reset.goToLogin")}
            </LinkButton>
          }
        />
      </AuthShell>
    );
  }

  if (state.status === "invalid") {
    return (
      <AuthShell>
        <Result status="error" title={<ResultTitle>{t(invited ? "reset.invitation.invalidTitle" : "reset.invalidTitle")}</ResultTitle>} subTitle={state.message} style={{ padding: "0 0 16px" }} />
        <Typography.Paragraph type="secondary">{t(invited ? "reset.invitation.invalidIntro" : "reset.invalidIntro")}</Typography.Paragraph>
        <ul data-testid="invalid-reasons">
          <li>{invited ? t("reset.invitation.reasonExpired", { count: INVITATION_LINK_DAYS }) : t("reset.reasonExpired")}</li>
          <li>{t("reset.reasonUsed")}</li>
          {invited && <li>{t("reset.invitation.reasonReplaced")}</li>}
          <li>{t("reset.reasonMalformed")}</li>
        </ul>
        {invited && <Typography.Paragraph>{t("reset.invitation.askAgain")}</Typography.Paragraph>}
        <Space direction="vertical" style={{ width: "100%" }}>
          <LinkButton to={ROUTES.forgotPassword} type="primary" block>
            {t(invited ? "reset.invitation.requestLink" : "reset.requestNew")}
          </LinkButton>
          {backToLogin}
        </Space>
      </AuthShell>
    );
  }

  const { minutesLeft } = state;
  return (
    <AuthShell title={t(invited ? "reset.invitation.title" : "reset.title")} subtitle={t(invited ? "reset.invitation.subtitle" : "reset.subtitle", { email })}>
      {invited && minutesLeft > WARN_AT_MINUTES ? (
        <Typography.Paragraph type="secondary" data-testid="expiry-note">
          <ClockCircleOutlined /> {t("reset.invitation.validUntil", { date: formatDateTime(new Date(Date.now() + minutesLeft * 60_000).toISOString()) })}
        </Typography.Paragraph>
      ) : minutesLeft <= WARN_AT_MINUTES ? (
        <Alert
          type="warning"
          showIcon
          icon={<ClockCircleOutlined />}
          message={t("reset.expiresSoon")}
          description={t("reset.minutesRemaining", { count: minutesLeft })}
          style={{ marginBottom: 16 }}
          data-testid="expiry-warning"
        />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="expiry-note">
          <ClockCircleOutlined /> {t("reset.validFor", { count: minutesLeft })}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form {...formProps} layout="vertical" requiredMark={false}>
        <NewPasswordFields passwordLabel={t("reset.newPassword")} confirmLabel={t("reset.confirmPassword")} autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={busy || minutesLeft <= 0} style={{ marginBottom: 12 }}>
          {busy ? t("reset.submitting") : t(invited ? "reset.invitation.submit" : "reset.submit")}
        </Button>
      </Form>
      {backToLogin}
    </AuthShell>
  );
}
