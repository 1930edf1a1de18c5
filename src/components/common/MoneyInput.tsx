import { useEffect, useRef, useState } from "react";
import { Button, Input, Space, type FormRule } from "antd";
import i18next from "i18next";
import { minorToMajorText, parseMajorToMinor } from "../../../contracts/money";

/** The box's own rule, before the contract's: what was typed is no amount in this currency, or nothing was. */
export const amountRule: FormRule = {
  validator: async (_, value: number | null | undefined) => {
    if (value === undefined || value === null) throw new Error(i18next.t("validation.money"));
  },
};

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
 * exactly, never through a float. Text that is not an amount yields undefined
 * and an empty box null: the form's rule reports both.
 */
export function MoneyInput({ value, onChange, currency, id, disabled }: MoneyInputProps) {
  const [text, setText] = useState(() => (typeof value === "number" ? minorToMajorText(value, currency) : ""));
  const shownCurrency = useRef(currency);
  const read = (typed: string) => (typed.trim() === "" ? null : (parseMajorToMinor(typed.trim(), currency) ?? undefined));

  useEffect(() => {
    if (shownCurrency.current !== currency) {
      // Another currency: what was typed means something else now (1234.50 USD is not 123450 JPY).
      shownCurrency.current = currency;
      onChange?.(read(text));
    } else if (typeof value === "number" && parseMajorToMinor(text, currency) !== value) {
      // A value set from outside (the record loaded): show it.
      setText(minorToMajorText(value, currency));
    }
  }, [value, currency]);

  return (
    <Space.Compact style={{ width: "100%" }}>
      <Input
        id={id}
        inputMode="decimal"
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          onChange?.(read(event.target.value));
        }}
      />
      <Button disabled tabIndex={-1}>
        {currency}
      </Button>
    </Space.Compact>
  );
}
