import { useState } from "react";
import type { LogicalFilter } from "@refinedev/core";
import { Button, Flex, Select } from "antd";
import type { TFunction } from "i18next";
import type { FieldKind, FilterOp } from "../../../contracts/list";
import { FilterValueInput, type FilterInputValue } from "./FilterValueInput";
import { matchModes, modeOf } from "./matchModes";
import type { Choice } from "./types";

interface Props {
  field: string;
  kind: FieldKind;
  choices?: readonly Choice[];
  t: TFunction;
  /** The filter now applied to the field, which the draft starts from. */
  active: LogicalFilter | undefined;
  /** Called with the new filter, or undefined to clear the field's filter. */
  onApply: (filter: LogicalFilter | undefined) => void;
}

function initialValue(active: LogicalFilter | undefined): FilterInputValue {
  const value: unknown = active?.value;
  return typeof value === "string" || typeof value === "number" ? value : null;
}

/** A column's filter: a match mode, a value, Apply and Reset. Nothing is sent until Apply. */
export function FilterDropdown({ field, kind, choices, t, active, onApply }: Props) {
  const [op, setOp] = useState<FilterOp>(modeOf(kind, active?.operator).op);
  const [value, setValue] = useState<FilterInputValue>(initialValue(active));
  const modes = matchModes(kind);

  const apply = () => {
    const mode = modes.find((candidate) => candidate.op === op) ?? modes[0];
    const cleaned = typeof value === "string" ? value.trim() : value;
    // An empty value would match everything or nothing: treat it as clearing the filter.
    onApply(cleaned === null || cleaned === "" ? undefined : { field, operator: mode.operator, value: cleaned });
  };

  return (
    // Keys typed here belong to the inputs, not to the table behind the dropdown.
    <Flex vertical gap={8} style={{ padding: 8, width: 260 }} onKeyDown={(event) => event.stopPropagation()}>
      <Select
        aria-label={t("list.filter.matchMode")}
        value={op}
        onChange={(next: FilterOp) => setOp(next)}
        options={modes.map((mode) => ({ value: mode.op, label: t(mode.labelKey) }))}
      />
      <FilterValueInput kind={kind} value={value} onChange={setValue} onSubmit={apply} choices={choices} t={t} />
      <Flex justify="space-between" gap={8}>
        <Button size="small" onClick={() => onApply(undefined)}>
          {t("list.filter.reset")}
        </Button>
        <Button size="small" type="primary" onClick={apply}>
          {t("list.filter.apply")}
        </Button>
      </Flex>
    </Flex>
  );
}
