import { Input } from "antd";
import { useTranslation } from "react-i18next";
import { SEARCH_FIELD } from "../../providers/data";
import { applyFieldFilter, fieldFilter } from "./fieldFilters";
import type { FilterController } from "./types";

/**
 * Free-text search across a resource. It travels as a Refine filter on the
 * "search" field, which the data provider sends as the plain search= parameter.
 */
export function SearchBox({ controller, width = 260 }: { controller: FilterController; width?: number }) {
  const { t } = useTranslation();
  const current: unknown = fieldFilter(controller.filters, SEARCH_FIELD)?.value;
  const search = (text: string) => {
    const value = text.trim();
    applyFieldFilter(controller, SEARCH_FIELD, value ? { field: SEARCH_FIELD, operator: "contains", value } : undefined);
  };
  return (
    <Input.Search
      aria-label={t("list.search.label")}
      placeholder={t("list.search.placeholder")}
      defaultValue={typeof current === "string" ? current : undefined}
      allowClear
      onSearch={search}
      style={{ width }}
    />
  );
}
