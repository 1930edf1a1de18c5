import type { KeyboardEvent } from "react";
import dayjs, { type Dayjs } from "dayjs";
import type { FormItemProps } from "antd";

/**
 * Form.Item props for a YYYY-MM-DD field shown in a DatePicker: the API sends
 * and takes plain dates, the picker works with dayjs.
 */
export const dateFieldProps: Pick<FormItemProps, "getValueProps" | "normalize"> = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format("YYYY-MM-DD") : null),
};

/**
 * DatePicker props for a date typed in a form: Enter ends the typing (the picker takes the date) and
 * does not also submit the form, which would send a half-checked form on the first Enter.
 */
export const typedDateProps = {
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Enter") event.preventDefault();
  },
};
