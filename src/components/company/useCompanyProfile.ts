import { useCustom } from "@refinedev/core";
import type { CompanyProfileRecord } from "../../../contracts/company";

/**
 * The company profile every signed-in screen may read (the header's logo and
 * name, the currency new people are paid in). One query, shared by all who ask.
 */
export function useCompanyProfile(): { profile: CompanyProfileRecord | undefined; refetch: () => Promise<unknown> } {
  const { result, query } = useCustom<{ data: CompanyProfileRecord }>({
    url: "/company-profile",
    method: "get",
    // The header asks on every page: once loaded, it is fresh until someone changes it (and refetches).
    queryOptions: { staleTime: 5 * 60_000 },
  });
  return { profile: result.data?.data, refetch: query.refetch };
}
