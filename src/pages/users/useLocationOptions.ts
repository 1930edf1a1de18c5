import { useCustom } from "@refinedev/core";
import type { LocationRecord } from "../../../contracts/locations";

/** How many locations a picker lists: a company's sites, not a town's addresses. */
const LOCATIONS_LISTED = 100;

/** The active work locations by name, for the pickers that give people theirs. */
export function useLocationOptions(enabled = true): { options: { id: number; name: string }[]; loading: boolean } {
  const { result, query } = useCustom<{ data: LocationRecord[] }>({
    url: "/locations",
    method: "get",
    config: { query: { per_page: LOCATIONS_LISTED, sort: "name", "filter[active][equals]": "true" } },
    queryOptions: { enabled },
  });
  return { options: (result.data?.data ?? []).map((location) => ({ id: location.id, name: location.name })), loading: query.isLoading };
}
