import { DatePicker, Input, InputNumber, Select } from "antd";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import type { FieldKind } from "../../../contracts/list";
import { API_DATE_FORMAT, useDateInputFormats } from "./dateFormat";
import { useSundayPickerLocale } from "./sundayPickerLocale";
import type { Choice } from "./types";

export type FilterInputValue = string | number | null;

interface Props {
  kind: FieldKind;
  value: FilterInputValue;
  onChange: (value: FilterInputValue) => void;
  /** Enter in a text or number box applies, as people expect of a search field. */
  onSubmit: () => void;
  choices?: readonly Choice[];
  t: TFunction;
}

function DateValue({ value, onChange, t }: Pick<Props, "value" | "onChange" | "t">) {
  const formats = useDateInputFormats();
  const locale = useSundayPickerLocale();
  const parsed = typeof value === "string" ? dayjs(value, API_DATE_FORMAT, true) : null;
  return (
    <DatePicker
      aria-label={t("list.filter.value")}
      placeholder={t("list.filter.date")}
      format={formats}
      locale={locale}
      value={parsed?.isValid() ? parsed : null}
      // The API compares calendar dates: send the picked day, never a timestamp.
      onChange={(date) => onChange(date ? date.format(API_DATE_FORMAT) : null)}
      style={{ width: "100%" }}
    />
  );
}

/** The value control a filter's kind needs. */
export function FilterValueInput({ kind, value, onChange, onSubmit, choices, t }: Props) {
  switch (kind) {
    case "number":
      return (
        <InputNumber
          aria-label={t("list.filter.value")}
          value={typeof value === "number" ? value : null}
          onChange={(next) => onChange(typeof next === "number" ? next : null)}
          onPressEnter={onSubmit}
          style={{ width: "100%" }}
        />
      );
    case "date":
      return <DateValue value={value} onChange={onChange} t={t} />;
    case "choice":
      return (
        <Select
          aria-label={t("list.filter.value")}
          placeholder={t("list.filter.choose")}
          value={value ?? undefined}
          onChange={(next: string | number) => onChange(next)}
          options={(choices ?? []).map((choice) => ({ value: choice.value, label: t(choice.labelKey) }))}
          style={{ width: "100%" }}
        />
      );
    default:
      return (
        <Input
          aria-label={t("list.filter.value")}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value)}
          onPressEnter={onSubmit}
        />
      );
  }
}
