import type { ReactNode } from "react";
import { Button, Empty, Flex } from "antd";
import { useTranslation } from "react-i18next";

/**
 * What an empty list says, and the next step: with filters on, that nothing
 * matches them and a way to clear them; otherwise that there is nothing yet,
 * with the page's create button when the reader may create.
 */
export function ListEmpty({ title, filtered, onClearFilters, createButton }: { title: string; filtered: boolean; onClearFilters: () => void; createButton?: ReactNode }) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("list.emptyFiltered")}>
        <Button onClick={onClearFilters}>{t("list.clearFilters")}</Button>
      </Empty>
    );
  }
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(createButton ? "list.emptyCreate" : "list.emptyNothing", { title })}>
      {createButton && <Flex justify="center">{createButton}</Flex>}
    </Empty>
  );
}
