import { useRef, type ReactNode } from "react";
import { RightOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Button, Collapse, Flex, Form, Input, Typography } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { PAY_VARIABLES, type ComponentRecord, type RateTableRecord } from "../../../contracts/payroll";
import { useCodeFont } from "../../components/common/Code";

/** The server's limit on a formula's length (server/modules/payroll/formula.ts). */
export const FORMULA_MAX_LENGTH = 2000;

/** The functions a formula may call, each with how it is written and what is inserted. */
const FUNCTIONS = [
  { name: "min", syntax: "min(a, b, …)", insert: "min(" },
  { name: "max", syntax: "max(a, b, …)", insert: "max(" },
  { name: "round", syntax: "round(x, digits)", insert: "round(" },
  { name: "floor", syntax: "floor(x)", insert: "floor(" },
  { name: "ceil", syntax: "ceil(x)", insert: "ceil(" },
  { name: "clamp", syntax: "clamp(x, low, high)", insert: "clamp(" },
  { name: "if", syntax: "if(condition, then, otherwise)", insert: "if(" },
  { name: "table", syntax: 'table("CODE", x)', insert: "table(" },
  { name: "mtd", syntax: 'mtd("CODE")', insert: 'mtd("' },
  { name: "leave_days", syntax: 'leave_days("CODE")', insert: 'leave_days("' },
  { name: "leave_balance", syntax: 'leave_balance("CODE")', insert: 'leave_balance("' },
] as const;

const FORMULA_RULES = [
  {
    validator: async (_: unknown, value: unknown) => {
      if (typeof value !== "string" || value.trim() === "") throw new Error(i18next.t("payroll.formula.empty"));
      if (value.length > FORMULA_MAX_LENGTH) throw new Error(i18next.t("payroll.formula.tooLong", { max: FORMULA_MAX_LENGTH }));
    },
  },
];

/** The active components and the rate tables' codes, for the reference and the percentage's base. */
export function usePayNames(ownCode?: string) {
  const components = useList<ComponentRecord>({
    resource: "pay-components",
    pagination: { currentPage: 1, pageSize: 100, mode: "server" },
    filters: [{ field: "active", operator: "eq", value: "true" }],
    sorters: [{ field: "order", order: "asc" }],
  });
  const tables = useList<RateTableRecord>({
    resource: "rate-tables",
    pagination: { currentPage: 1, pageSize: 100, mode: "server" },
    sorters: [
      { field: "code", order: "asc" },
      { field: "effective_from", order: "desc" },
    ],
  });
  const seen = new Set<string>();
  return {
    components: components.result.data.filter((component) => component.code !== ownCode),
    // One entry per code: its latest version's name.
    tables: tables.result.data.filter((table) => !seen.has(table.code) && Boolean(seen.add(table.code))),
  };
}

/** One clickable name of the reference and what it is. */
function Entry({ label, insert, description, onInsert }: { label: string; insert: string; description: ReactNode; onInsert: (text: string) => void }) {
  const { t } = useTranslation();
  const font = useCodeFont();
  return (
    <Flex gap="2px 8px" align="baseline" wrap style={{ minWidth: 0 }}>
      <Button size="small" style={{ fontFamily: font, flex: "none" }} aria-label={t("payrollUi.formula.insert", { name: label })} onClick={() => onInsert(insert)}>
        {label}
      </Button>
      {/* Beside the name where there is room, under it on a phone. */}
      <Typography.Text type="secondary" style={{ fontSize: 13, flex: "1 1 140px", minWidth: 0 }}>
        {description}
      </Typography.Text>
    </Flex>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 12 }}>
      <Typography.Title level={5} style={{ marginTop: 0, fontSize: 14 }}>
        {title}
      </Typography.Title>
      <div style={{ display: "grid", gap: 6, gridTemplateColumns: "repeat(auto-fill, minmax(min(280px, 100%), 1fr))" }}>{children}</div>
    </section>
  );
}

/** The variables, functions, components and tables a formula may name; each inserted where the cursor is. */
function FormulaReference({ ownCode, onInsert }: { ownCode?: string; onInsert: (text: string) => void }) {
  const { t } = useTranslation();
  const { components, tables } = usePayNames(ownCode);
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t("payrollUi.formula.operators")}
      </Typography.Paragraph>
      <Group title={t("payrollUi.formula.variablesTitle")}>
        {PAY_VARIABLES.map((name) => (
          <Entry key={name} label={name} insert={name} description={t(`payrollUi.formula.variables.${name}`)} onInsert={onInsert} />
        ))}
      </Group>
      <Group title={t("payrollUi.formula.functionsTitle")}>
        {FUNCTIONS.map((fn) => (
          <Entry key={fn.name} label={fn.syntax} insert={fn.insert} description={t(`payrollUi.formula.functions.${fn.name}`)} onInsert={onInsert} />
        ))}
      </Group>
      {components.length > 0 && (
        <Group title={t("payrollUi.formula.componentsTitle")}>
          {components.map((component) => (
            <Entry key={component.code} label={component.code} insert={component.code} description={component.name} onInsert={onInsert} />
          ))}
        </Group>
      )}
      {tables.length > 0 && (
        <Group title={t("payrollUi.formula.tablesTitle")}>
          {tables.map((table) => (
            <Entry key={table.code} label={`table("${table.code}", x)`} insert={`table("${table.code}", `} description={table.name} onInsert={onInsert} />
          ))}
        </Group>
      )}
    </>
  );
}

/**
 * A formula in a monospace box, checked by its rules as typed and by the
 * server once typing pauses (its messages land under the box), with the
 * names it may use a click away.
 */
export function FormulaField({ name, label, ownCode, extra }: { name: [string, string]; label: string; ownCode?: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const font = useCodeFont();
  const box = useRef<TextAreaRef>(null);

  const insert = (text: string) => {
    const area = box.current?.resizableTextArea?.textArea;
    const value = String(form.getFieldValue(name) ?? "");
    const start = area ? area.selectionStart : value.length;
    const end = area ? area.selectionEnd : value.length;
    form.setFieldValue(name, value.slice(0, start) + text + value.slice(end));
    void form.validateFields([name]).catch(() => undefined);
    // Back to the box, the cursor after what was inserted, once the new text is in it.
    requestAnimationFrame(() => {
      const caret = start + text.length;
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  return (
    <>
      <Form.Item name={name} label={label} rules={FORMULA_RULES} extra={extra ?? t("payrollUi.formula.hint")} validateFirst>
        <Input.TextArea
          ref={box}
          autoSize={{ minRows: 3, maxRows: 10 }}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          style={{ fontFamily: font }}
        />
      </Form.Item>
      <Collapse
        size="small"
        // The arrow is drawn, not said: the header's name is its words.
        expandIcon={({ isActive }) => <RightOutlined aria-hidden rotate={isActive ? 90 : 0} />}
        style={{ marginBottom: 16 }}
        items={[{ key: "reference", label: t("payrollUi.formula.reference"), children: <FormulaReference ownCode={ownCode} onInsert={insert} /> }]}
      />
    </>
  );
}
