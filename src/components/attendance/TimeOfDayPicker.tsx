import dayjs, { type Dayjs } from "dayjs";
import { TimePicker, type FormItemProps, type TimePickerProps } from "antd";
import { useTranslation } from "react-i18next";
import { findLanguage } from "../../i18n/languages";
import { dateTimeFormat } from "../../../contracts/intl";

/**
 * Form.Item props for an "HH:mm" field shown in a TimePicker: the form holds
 * the wall clock's time of day, never an instant in the browser's zone.
 */
export const timeOfDayFieldProps: Pick<FormItemProps, "getValueProps" | "normalize"> = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(`2000-01-01T${value}`) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format("HH:mm") : undefined),
};

/** The reader's clock: "9:05 AM" where their language counts twelve hours (as the times are shown), "09:05" elsewhere; 24-hour typing always works. */
function useTimeFormats(): string[] {
  const { i18n } = useTranslation();
  const locale = findLanguage(i18n.language)?.htmlLang ?? "en";
  const twelveHours = dateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle?.startsWith("h1");
  return twelveHours ? ["h:mm A", "HH:mm", "H:mm"] : ["HH:mm", "H:mm"];
}

/** A time of day, typed or picked (to the minute). */
export function TimeOfDayPicker(props: TimePickerProps) {
  return <TimePicker format={useTimeFormats()} needConfirm={false} style={{ width: "100%" }} {...props} />;
}
