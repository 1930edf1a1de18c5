import { useState, type FormEvent } from "react";
import { SafetyOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import Input from "antd/es/input/Input";
import { useTranslation } from "react-i18next";
import type { AxiosResponse } from "axios";
import type { LoginResponse, Me } from "../../../contracts/auth";
import type { LoginChallenge } from "../../../contracts/two-factor";
import { authApi } from "../../api/auth";
import { SecondStepNeeded, signInWith } from "../../auth/store";
import { AuthShell } from "../../components/auth/AuthShell";
import { EnrolmentSecret, RecoveryCodes } from "../../components/auth/RecoveryCodes";
import { Field } from "../../components/common/Field";
import { Muted } from "../../components/common/Text";
import { ApiError } from "../../lib/http";

/**
 * The sign-in's second step, after a right password or a one-time link: the
 * code from the authenticator app (or a recovery code); or, for a person who
 * must use two-factor sign-in and has none, the enrolment, then the recovery
 * codes once before going in, on a sign-in card of its own.
 */
export default function SecondStep({ challenge, onSignedIn, onRestart }: { challenge: LoginChallenge; onSignedIn: (me: Me) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The session of an enrolment, held back until its recovery codes are saved: once stored, the signed-out pages lead away. */
  const [saved, setSaved] = useState<{ codes: string[]; response: AxiosResponse<LoginResponse> } | null>(null);
  const enrolment = challenge.two_factor === "enrol" ? challenge.enrolment : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setProblem(t("validation.required"));
      return;
    }
    setProblem(null);
    setError(null);
    setBusy(true);
    try {
      if (enrolment) {
        const response = await authApi.enrolTwoFactor(challenge.challenge, enrolment.enrolment, code.trim());
        const codes = response.status === 200 ? (response.data as LoginResponse).recovery_codes : undefined;
        if (codes) return setSaved({ codes, response: response as AxiosResponse<LoginResponse> });
        onSignedIn(await signInWith(async () => response));
      } else {
        onSignedIn(await signInWith(() => authApi.twoFactor(challenge.challenge, code.trim())));
      }
    } catch (failure) {
      if (failure instanceof SecondStepNeeded) return onRestart();
      const refusal = failure instanceof ApiError ? failure : null;
      if (refusal?.errors.code) setProblem(refusal.errors.code[0]);
      else setError(refusal?.message ?? t("auth.invalidCredentials"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t(enrolment ? "secondStep.enrolTitle" : "secondStep.twoFactorTitle")}>
      {saved ? (
        <RecoveryCodes codes={saved.codes} onDone={() => void signInWith(async () => saved.response).then(onSignedIn, () => onRestart())} />
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <Muted style={{ marginBottom: 16 }}>{t(enrolment ? "secondStep.enrolPrompt" : "secondStep.twoFactorPrompt")}</Muted>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="second-step-error" />}
          {enrolment && <EnrolmentSecret qrCode={enrolment.qr_code} secret={enrolment.secret} />}
          <Field id="second-step-code" label={t("secondStep.twoFactorCode")} error={problem}>
            <Input
              id="second-step-code"
              size="large"
              prefix={<SafetyOutlined aria-hidden />}
              autoComplete="one-time-code"
              inputMode={enrolment ? "numeric" : "text"}
              autoFocus
              value={code}
              disabled={busy}
              status={problem ? "error" : undefined}
              aria-invalid={Boolean(problem)}
              aria-describedby="second-step-code-error"
              onChange={(event) => setCode(event.target.value)}
            />
          </Field>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t(enrolment ? "secondStep.enrolConfirm" : "secondStep.twoFactorVerify")}
          </Button>
          <Button block onClick={onRestart} style={{ marginTop: 8 }}>
            {t("login.backToLogin")}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
