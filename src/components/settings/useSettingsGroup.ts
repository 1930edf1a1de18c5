import { useCustom } from "@refinedev/core";
import type { SettingsGroup, SettingsRecord } from "../../../contracts/settings";
import { settingsApi } from "../../api/settings";

/** One settings group as stored (`failed` when it could not be read), and how to save some of it (the page then shows what the server kept). */
export function useSettingsGroup<G extends SettingsGroup>(group: G) {
  const { result, query } = useCustom<{ data: SettingsRecord<G> }>({ url: `/settings/${group}`, method: "get" });
  const save = async (changes: Partial<SettingsRecord<G>>) => {
    const { data } = await settingsApi.save(group, changes);
    await query.refetch();
    return data;
  };
  return { values: result.data?.data, failed: query.isError, save };
}
