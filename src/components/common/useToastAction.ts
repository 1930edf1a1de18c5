import { useState } from "react";
import { failureMessage } from "../form";
import { toast } from "../../lib/toast";

interface ToastActionOptions<T> {
  /** After the server said yes, with its reply (the toast has shown its message). */
  onSuccess?: (reply: T) => void;
  /** After the answer, yes or no: for a screen that shows the state the server now holds either way. */
  onSettled?: () => void;
}

/**
 * A button's call to the server: busy while it runs, the server's message as a
 * toast (its refusal as an error toast, in words), then what the caller does next.
 */
export function useToastAction<T extends { message: string }>(call: () => Promise<T>, options: ToastActionOptions<T> = {}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const reply = await call();
      toast("success", reply.message);
      options.onSuccess?.(reply);
    } catch (failure) {
      toast("error", failureMessage(failure));
    } finally {
      setBusy(false);
      options.onSettled?.();
    }
  };
  return { busy, run };
}
