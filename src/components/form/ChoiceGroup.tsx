import type { ReactNode } from "react";
import { Radio } from "antd";

/**
 * One of a few choices as buttons, a form control: the radios are named as a
 * group by the field's label, so a screen reader says what is being chosen.
 */
export function ChoiceGroup<V extends string>({
  id,
  value,
  onChange,
  label,
  options,
  disabled,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  label: string;
  options: { value: V; label: ReactNode; disabled?: boolean }[];
  disabled?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
}) {
  return (
    <div id={id} role="radiogroup" aria-label={label} aria-describedby={describedBy} aria-invalid={invalid}>
      <Radio.Group value={value} onChange={(event) => onChange?.(event.target.value as V)} optionType="button" buttonStyle="solid" disabled={disabled} options={options} />
    </div>
  );
}
