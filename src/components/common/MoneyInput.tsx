import { useEffect, useState } from "react";
import { Input } from "antd";
import { minorToMajorText, parseMajorToMinor } from "../../../contracts/money";

interface MoneyInputProps {
  /** Integer minor units (what the API stores). */
  value?: number | null;
  onChange?: (minor: number | null | undefined) => void;
  currency: string;
  id?: string;
  disabled?: boolean;
}

/**
 * Type major units ("1234.50"), hold minor units (123450): the text is parsed
 * exactly, never through a float. Text that is not an amount yields undefined,
 * which the form's rule reports.
 */
export function MoneyInput({ value, onChange, currency, id, disabled }: MoneyInputProps) {
  const [text, setText] = useState(() => (typeof value === "number" ? minorToMajorText(value, currency) : ""));
  useEffect(() => {
    // A value set from outside (the record loaded, the currency changed): show it.
    if (typeof value === "number" && parseMajorToMinor(text, currency) !== value) setText(minorToMajorText(value, currency));
  }, [value, currency]);
  return (
    <Input
      id={id}
      inputMode="decimal"
      addonAfter={currency}
      value={text}
      disabled={disabled}
      onChange={(event) => {
        setText(event.target.value);
        const trimmed = event.target.value.trim();
        onChange?.(trimmed === "" ? null : (parseMajorToMinor(trimmed, currency) ?? undefined));
      }}
    />
  );
}
