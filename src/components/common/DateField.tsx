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
