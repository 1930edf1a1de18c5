import { useCustom } from "@refinedev/core";
import type { LeaveBalancesReply } from "../../../contracts/leave";
import { leavePaths } from "../../api/leave";

/** A person's balances of a year (one's own this year when both are left out), and a way to read them again after a change. */
export function useBalances(userId?: number, year?: number, enabled = true) {
  const { result, query } = useCustom<{ data: LeaveBalancesReply }>({
    url: leavePaths.balances(userId, year),
    method: "get",
    errorNotification: false,
    queryOptions: { enabled },
  });
  return { reply: result.data?.data, loading: query.isLoading && enabled, error: query.isError ? query.error.message : undefined, reload: () => void query.refetch() };
}
