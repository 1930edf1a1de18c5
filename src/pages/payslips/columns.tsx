import { useMemo } from "react";
import { Flex } from "antd";
import { useTranslation } from "react-i18next";
import type { ListColumn } from "../../components/list";
import type { PayslipRow } from "../../components/payroll/payslipColumns";
import { RunStatusTag } from "../../components/payroll/RunStatusTag";
import { useRunName } from "../../components/payroll/useRunName";
import { WithdrawnTag } from "../../components/payroll/WithdrawnTag";

/**
 * The payslips' columns as the payroll office's list shows them: a withdrawn
 * payslip says so beside its state, and each row seen is named in `names`
 * ("Dana Reyes, October 2026") for a bulk removal's refusals.
 */
export function useAdminColumns(columns: ListColumn<PayslipRow>[], names: Map<number, string>): ListColumn<PayslipRow>[] {
  const { t } = useTranslation();
  const nameOf = useRunName();
  return useMemo(
    () =>
      columns.map((column) => {
        if (column.field === "status")
          return {
            ...column,
            render: (row: PayslipRow) => (
              <Flex gap={4} wrap>
                <RunStatusTag status={row.status} />
                {row.withdrawn_at !== null && <WithdrawnTag />}
              </Flex>
            ),
          };
        if (column.field === "user_name") {
          const render = column.render;
          return {
            ...column,
            render: (row: PayslipRow) => {
              names.set(row.id, t("payslipsAdmin.bulk.payslipOf", { name: row.user_name, run: nameOf(row.payroll_name) }));
              return render?.(row) ?? row.user_name;
            },
          };
        }
        return column;
      }),
    [columns, names, nameOf, t],
  );
}
