import { useTranslation } from "react-i18next";
import { useCallback, useEffect, useState } from "react";
import { RESET_LINK_MINUTES } from "../../../contracts/auth";
import { authApi } from "../../api/auth";
import { ApiError } from "../../lib/http";
import { toast, TOAST_LIFE } from "../../lib/toast";

export type ResetLinkState =
  | { status: "verifying" }
  | { status: "valid"; minutesLeft: number }
  | { status: "invalid"; message: string }
  | { status: "success" };

const MINUTE_MS = 60_000;

/**
 * The reset screen's state machine: verifying → valid (counting down each
 * minute) → expired/invalid, or → success once the password is set.
 */
export function useResetLink(token: string | undefined, email: string | undefined) {
  const { t } = useTranslation();
  const [state, setState] = useState<ResetLinkState>(() =>
    token && email ? { status: "verifying" } : { status: "invalid", message: t("reset.missing") },
  );

  useEffect(() => {
    if (!token || !email) return;
    let cancelled = false;
    authApi
      .verifyResetToken(token, email)
      .then(({ data }) => {
        if (cancelled) return;
        const { token_valid, time_remaining, reason } = data.data;
        if (token_valid) setState({ status: "valid", minutesLeft: time_remaining ?? RESET_LINK_MINUTES });
        else setState({ status: "invalid", message: reason && reason !== "invalid" ? t(`auth.resetToken.${reason}`) : t("reset.tokenInvalid") });
      })
      .catch((failure: unknown) => {
        if (!cancelled) setState({ status: "invalid", message: failure instanceof ApiError && failure.status !== 0 ? failure.message : t("reset.tokenInvalid") });
      });
    return () => {
      cancelled = true;
    };
  }, [token, email, t]);

  const counting = state.status === "valid";
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => {
      setState((current) => (current.status === "valid" ? { ...current, minutesLeft: Math.max(0, current.minutesLeft - 1) } : current));
    }, MINUTE_MS);
    return () => clearInterval(timer);
  }, [counting]);

  const expired = state.status === "valid" && state.minutesLeft <= 0;
  useEffect(() => {
    if (!expired) return;
    toast("error", t("reset.expiredToastTitle"), t("reset.expiredToast"), TOAST_LIFE.long);
    setState({ status: "invalid", message: t("auth.resetToken.expired") });
  }, [expired, t]);

  const succeed = useCallback(() => setState({ status: "success" }), []);
  return { state, succeed };
}
