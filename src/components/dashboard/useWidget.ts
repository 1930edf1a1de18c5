import { useCustom } from "@refinedev/core";

/** A dashboard call's data, whether it is loading, and why it failed (in the reader's words); a failure shows in its card, not as a toast. */
export function useWidget<T>(url: string): { data: T | undefined; loading: boolean; error: string | undefined } {
  // A refusal shows at once; a lost connection or a server error is tried again first (the app's query defaults).
  const { result, query } = useCustom<{ data: T }>({ url, method: "get", errorNotification: false });
  return { data: result.data?.data, loading: query.isLoading, error: query.isError ? query.error.message : undefined };
}
