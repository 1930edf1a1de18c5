import { Suspense, useEffect, useState, type FormEvent } from "react";
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from "@ant-design/icons";
import type { Me } from "../../../contracts/auth";
import type { LoginChallenge } from "../../../contracts/two-factor";
import { Alert, Button, Checkbox, Flex } from "antd";
// The bare input: antd's Input namespace would also bring Password, Search and OTP to this page.
import Input from "antd/es/input/Input";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthShell } from "../../components/auth/AuthShell";
import { Field } from "../../components/common/Field";
import { Muted } from "../../components/common/Text";
import { useDocumentTitle } from "../../components/common/useDocumentTitle";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { firstProblem, validators, type Problem } from "../../lib/validators";
import { authApi } from "../../api/auth";
import { SecondStepNeeded } from "../../auth/store";
import { SecondStep } from "./LazySecondStep";
import { ApiError } from "../../lib/http";
import { authProvider } from "../../providers/auth";
import { homeTarget, ROUTES, safeRedirect } from "../../routing/guards";
import { preloadSignedIn } from "../../routing/preloadSignedIn";
import { whenIdle } from "../../lib/whenIdle";
import { blockEnd } from "./blockEnd";
import { usePublicConfig } from "./usePublicConfig";


const EMAIL_RULES = [validators.required, validators.email];
const PASSWORD_RULES = [validators.required];

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [problems, setProblems] = useState<{ email?: Problem; password?: Problem }>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  /** The account is throttled for this device: a one-time link by e-mail is offered. */
  const [throttled, setThrottled] = useState(false);
  const [linkBusy, setLinkBusy] = useState(false);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const config = usePublicConfig();
  useDocumentTitle(t("login.pageTitle"));

  // The app behind sign-in loads while the page waits for a password: once drawn and idle, or on the first focus.
  useEffect(() => whenIdle(preloadSignedIn), []);

  useEffect(() => {
    if (params.get("error") === "connection_failed") {
      toast("error", t("toast.connectionError"), params.get("message") || t("login.connectionFailed"), TOAST_LIFE.long, "connection-error");
    }
    // Only on arrival: the toast explains why the user landed here.
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: firstProblem(email, EMAIL_RULES), password: firstProblem(password, PASSWORD_RULES) };
    setProblems(found);
    if (found.email || found.password) return;
    setError(null);
    setBusy(true);
    const result = await authProvider.login({ email: email.trim(), password, remember, redirect: params.get("redirect") });
    setBusy(false);
    if (result.success) {
      toast("success", t("auth.loginSuccess"), undefined, TOAST_LIFE.default, "login-success");
      navigate(result.redirectTo ?? ROUTES.home, { replace: true });
    } else if (result.error?.cause instanceof SecondStepNeeded) {
      setChallenge(result.error.cause.challenge);
    } else {
      const cause = result.error?.cause;
      setThrottled(cause instanceof ApiError && cause.status === 429);
      setLinkSent(null);
      const until = blockEnd(cause, i18n.language);
      const message = until ? t("login.blockedUntil", { time: until }) : (result.error?.message ?? t("auth.invalidCredentials"));
      // One message: the banner above the form, no toast besides.
      setError(message);
    }
  };

  const signedIn = (me: Me) => {
    toast("success", t("auth.loginSuccess"), undefined, TOAST_LIFE.default, "login-success");
    navigate(safeRedirect(params.get("redirect")) ?? homeTarget(me), { replace: true });
  };

  const sendLink = async () => {
    setLinkBusy(true);
    try {
      setLinkSent((await authApi.requestLoginLink(email.trim())).data.message);
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t("auth.invalidCredentials"));
    } finally {
      setLinkBusy(false);
    }
  };

  const message = (problem: Problem | undefined) => (problem ? t(problem.key, problem.params) : null);

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondStep
          challenge={challenge}
          onSignedIn={signedIn}
          onRestart={() => {
            setChallenge(null);
            setPassword("");
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthShell title={t("login.title")} subtitle={t("login.subtitle")}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      {linkSent && <Alert type="success" showIcon message={linkSent} style={{ marginBottom: 16 }} data-testid="login-link-sent" role="status" />}
      {throttled && !linkSent && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="login-link-offer"
          message={t("login.linkOffer")}
          description={
            <Button onClick={() => void sendLink()} loading={linkBusy} style={{ marginTop: 4, whiteSpace: "normal", height: "auto" }}>
              {linkBusy ? t("login.linkSending") : t("login.linkButton")}
            </Button>
          }
        />
      )}
      <form onSubmit={submit} onFocus={preloadSignedIn} noValidate aria-busy={busy}>
        <Field id="login-email" label={t("login.email")} error={message(problems.email)}>
          <Input
            id="login-email"
            type="email"
            size="large"
            prefix={<MailOutlined />}
            placeholder={t("login.emailPlaceholder")}
            autoComplete="username"
            autoFocus
            value={email}
            disabled={busy}
            status={problems.email ? "error" : undefined}
            aria-invalid={Boolean(problems.email)}
            aria-describedby="login-email-error"
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => email && setProblems((current) => ({ ...current, email: firstProblem(email, EMAIL_RULES) }))}
          />
        </Field>
        <Field id="login-password" label={t("login.password")} error={message(problems.password)}>
          <Input
            id="login-password"
            size="large"
            type={showPassword ? "text" : "password"}
            prefix={<LockOutlined />}
            placeholder={t("login.passwordPlaceholder")}
            autoComplete="current-password"
            value={password}
            disabled={busy}
            status={problems.password ? "error" : undefined}
            aria-invalid={Boolean(problems.password)}
            aria-describedby="login-password-error"
            onChange={(event) => setPassword(event.target.value)}
            suffix={
              <Button
                type="text"
                size="small"
                aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
                icon={showPassword ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => setShowPassword((shown) => !shown)}
              />
            }
          />
        </Field>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Checkbox checked={remember} disabled={busy} onChange={(event) => setRemember(event.target.checked)}>
            {t("login.remember")}
          </Checkbox>
          <Link to={ROUTES.forgotPassword}>{t("login.forgot")}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </Button>
      </form>
      <Muted style={{ marginTop: 24, marginBottom: 0, fontSize: 13 }} testId="admin-contact">
        {config?.admin_contact ? t("login.contact", { contact: config.admin_contact }) : t("login.contactNoAddress")}
      </Muted>
    </AuthShell>
  );
}
