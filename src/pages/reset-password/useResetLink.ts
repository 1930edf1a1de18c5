import { useTranslation } from "react-i18next";
import { useCallback, useEffect, useState } from "react";
import { RESET_LINK_MINUTES } from "../../../contracts/auth";
import { authApi } from "../../api/auth";
import { ApiError } from "../../lib/http";
import { toast, TOAST_LIFE } from "../../lib/toast";

/** reset: asked for on the sign-in screen; invitation: a new person's first password. */
export type LinkPurpose = "reset" | "invitation";

export type ResetLinkState =
  | { status: "verifying" }
  | { status: "valid"; minutesLeft: number; purpose: LinkPurpose }
  | { status: "invalid"; message: string; purpose: LinkPurpose }
  | { status: "success"; purpose: LinkPurpose };

const MINUTE_MS = 60_000;

/**
 * The reset screen's state machine: verifying → valid (counting down each
 * minute) → expired/invalid, or → success once the password is set.
 */
export function useResetLink(token: string | undefined, email: string | undefined) {
  const { t } = useTranslation();
  const [state, setState] = useState<ResetLinkState>(() =>
    token && email ? { status: "verifying" } : { status: "invalid", message: t("reset.missing"), purpose: "reset" },
  );

  useEffect(() => {
    if (!token || !email) return;
    let cancelled = false;
    authApi
      .verifyResetToken(token, email)
      .then(({ data }) => {
        if (cancelled) return;
        const { token_valid, time_remaining, reason, purpose = "reset" } = data.data;
        if (token_valid) setState({ status: "valid", minutesLeft: time_remaining ?? RESET_LINK_MINUTES, purpose });
        else setState({ status: "invalid", message: reason && reason !== "invalid" ? t(`auth.${purpose === "invitation" ? "invitationToken" : "resetToken"}.${reason}`) : t("reset.tokenInvalid"), purpose });
      })
      .catch((failure: unknown) => {
        if (!cancelled) setState({ status: "invalid", message: failure instanceof ApiError && failure.status !== 0 ? failure.message : t("reset.tokenInvalid"), purpose: "reset" });
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
    setState((current) => {
      const purpose = current.status === "verifying" ? "reset" : current.purpose;
      return { status: "invalid", message: t(purpose === "invitation" ? "auth.invitationToken.expired" : "auth.resetToken.expired"), purpose };
    });
  }, [expired, t]);

  const succeed = useCallback(() => setState((current) => ({ status: "success", purpose: current.status === "valid" ? current.purpose : "reset" })), []);
  return { state, succeed };
}
