import { useEffect, useRef, useState } from "react";
import { TableOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { Button, Checkbox, Flex, Popover } from "antd";
import { useTranslation } from "react-i18next";
import type { ListColumn } from "./types";

export interface ColumnChooserProps<T extends BaseRecord> {
  columns: readonly ListColumn<T>[];
  /** The column naming each row: always shown. */
  nameField: string;
  hidden: ReadonlySet<string>;
  onChange: (hidden: string[]) => void;
}

/** A toolbar button opening a checkbox per column; the keyboard lands on the first box, Escape goes back to the button. */
export function ColumnChooser<T extends BaseRecord>({ columns, nameField, hidden, onChange }: ColumnChooserProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const group = useRef<HTMLDivElement>(null);
  // Opened, the keyboard goes to the first column it may change.
  useEffect(() => {
    if (open) group.current?.querySelector<HTMLInputElement>("input:not([disabled])")?.focus();
  }, [open]);
  const shown = columns.filter((column) => !hidden.has(column.field)).map((column) => column.field);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const boxes = (
    <div ref={group} role="group" aria-label={t("list.columns.title")} onKeyDown={(event) => event.key === "Escape" && close()}>
      <Checkbox.Group
        value={shown}
        onChange={(checked) => onChange(columns.filter((column) => !checked.includes(column.field)).map((column) => column.field))}
      >
        <Flex vertical gap={4}>
          {columns.map((column) => (
            <Checkbox key={column.field} value={column.field} disabled={column.field === nameField}>
              {t(column.titleKey)}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
    </div>
  );
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} title={t("list.columns.title")} content={boxes} destroyOnHidden placement="bottomRight">
      <Button ref={button} icon={<TableOutlined />} aria-expanded={open}>
        {t("list.columns.button")}
      </Button>
    </Popover>
  );
}
