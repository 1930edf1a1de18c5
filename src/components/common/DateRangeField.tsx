import { useId } from "react";
import { DatePicker, Flex } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { API_DATE_FORMAT, useDateInputFormats } from "../list";
import { useSundayPickerLocale } from "../list/sundayPickerLocale";
import { addDays, withStart, type DateRange } from "./dateRange";

export interface DateRangeFieldProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** The longest range the reader may choose, in days. */
  maxDays: number;
}

/**
 * A start and an end day, each its own labelled picker: antd's range picker
 * opens two months side by side, wider than a phone. The end is offered only
 * within `maxDays` of the start; a new start carries the end along when the
 * range would otherwise run backwards or grow too long.
 */
export function DateRangeField({ value, onChange, maxDays }: DateRangeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const formats = useDateInputFormats();
  const locale = useSundayPickerLocale();
  const day = (date: Dayjs) => date.format(API_DATE_FORMAT);
  const lastEnd = addDays(value.from, maxDays - 1);

  return (
    <Flex role="group" aria-label={t("dateRange.label")} align="center" gap={8} wrap>
      {/* Each label stays beside its picker when a phone wraps the two. */}
      <Flex align="center" gap={8}>
        <label htmlFor={`${id}-from`}>{t("dateRange.from")}</label>
        <DatePicker
          id={`${id}-from`}
          format={formats}
          locale={locale}
          allowClear={false}
          value={dayjs(value.from)}
          onChange={(date: Dayjs | null) => date && onChange(withStart(value, day(date), maxDays))}
          style={{ width: 150 }}
        />
      </Flex>
      <Flex align="center" gap={8}>
        <label htmlFor={`${id}-to`}>{t("dateRange.to")}</label>
        <DatePicker
          id={`${id}-to`}
          format={formats}
          locale={locale}
          allowClear={false}
          value={dayjs(value.to)}
          disabledDate={(date) => day(date) < value.from || day(date) > lastEnd}
          onChange={(date: Dayjs | null) => date && onChange({ from: value.from, to: day(date) })}
          style={{ width: 150 }}
        />
      </Flex>
    </Flex>
  );
}
