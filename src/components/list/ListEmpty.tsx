import type { ReactNode } from "react";
import { Button, Empty, Flex } from "antd";
import { useTranslation } from "react-i18next";

/**
 * What an empty list says, and the next step: with filters on, that nothing
 * matches them and a way to clear them; otherwise what is missing in the
 * list's own words ("No payroll run yet."), with the page's create button
 * when the reader may create.
 */
export function ListEmpty({
  resource,
  title,
  filtered,
  onClearFilters,
  createButton,
}: {
  resource: string;
  title: string;
  filtered: boolean;
  onClearFilters: () => void;
  createButton?: ReactNode;
}) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("list.emptyFiltered")}>
        <Button onClick={onClearFilters}>{t("list.clearFilters")}</Button>
      </Empty>
    );
  }
  const nothing = t([`list.nothingYet.${resource}`, "list.emptyNothing"], { title });
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={createButton ? `${nothing} ${t("list.createFirst")}` : nothing}>
      {createButton && <Flex justify="center">{createButton}</Flex>}
    </Empty>
  );
}
