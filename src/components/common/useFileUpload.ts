import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface FileRules {
  /** Accepted content types; the server checks the bytes again. */
  accept: readonly string[];
  maxBytes: number;
  /** The wrong type and a file over the size, in the reader's words. */
  wrongType: string;
  tooLarge: string;
}

/**
 * One file chosen and sent: checked for its type and size first (a mistake costs no round trip), busy while it
 * goes, and its refusal (the server's words) kept to show beside the control.
 */
export function useFileUpload(rules: FileRules, upload: (file: File) => Promise<void>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File) => {
    setProblem(null);
    if (!rules.accept.includes(file.type)) return setProblem(rules.wrongType);
    if (file.size > rules.maxBytes) return setProblem(rules.tooLarge);
    setBusy(true);
    try {
      await upload(file);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : t("errors.other"));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, choose };
}
