import { Suspense, useState } from "react";
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Me } from "../../../contracts/auth";
import type { LoginChallenge } from "../../../contracts/two-factor";
import { authApi } from "../../api/auth";
import { SecondStepNeeded, signInWith } from "../../auth/store";
import { AuthShell } from "../../components/auth/AuthShell";
import { SecondStep } from "../login/LazySecondStep";
import { Muted } from "../../components/common/Text";
import { useDocumentTitle } from "../../components/common/useDocumentTitle";
import { ApiError } from "../../lib/http";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { homeTarget, ROUTES } from "../../routing/guards";


/**
 * /login-link?token=…&email=…: the one-time sign-in link from the e-mail.
 * It signs in only when the person presses the button (a mail scanner that
 * opens links uses nothing up); two-factor sign-in still applies after it.
 */
export default function LoginLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const email = params.get("email");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  useDocumentTitle(t("login.linkTitle"));

  const signedIn = (me: Me) => {
    toast("success", t("auth.loginSuccess"), undefined, TOAST_LIFE.default, "login-success");
    navigate(homeTarget(me), { replace: true });
  };
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      signedIn(await signInWith(() => authApi.consumeLoginLink(token!, email!)));
    } catch (failure) {
      if (failure instanceof SecondStepNeeded) setChallenge(failure.challenge);
      else setError(failure instanceof ApiError ? failure.message : t("auth.invalidCredentials"));
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondStep challenge={challenge} onSignedIn={signedIn} onRestart={() => navigate(ROUTES.login)} />
      </Suspense>
    );
  }
  return (
    <AuthShell title={t("login.linkTitle")}>
      {!token || !email ? (
        <Alert type="error" showIcon message={t("login.linkMissing")} style={{ marginBottom: 16 }} />
      ) : (
        <>
          <Muted style={{ marginBottom: 16 }}>{t("login.linkPrompt", { email })}</Muted>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-link-error" />}
          <Button type="primary" block size="large" loading={busy} onClick={() => void signIn()} style={{ marginBottom: 8 }}>
            {t("login.linkSubmit")}
          </Button>
        </>
      )}
      <Link to={ROUTES.login}>{t("login.backToLogin")}</Link>
    </AuthShell>
  );
}
