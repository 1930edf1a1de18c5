import { useCallback, useMemo, useState } from "react";
import type { CrudFilter } from "@refinedev/core";
import { ListPage } from "../../components/list";
import { PayslipDrawer } from "../../components/payroll/PayslipDrawer";
import { usePayslipColumns, type PayslipRow } from "../../components/payroll/payslipColumns";

/** The run's payslips, paged and searchable by name or employee number; a person's name opens their lines. */
export function RunPayslips({ runId }: { runId: number }) {
  const [opened, setOpened] = useState<PayslipRow | null>(null);
  const open = useCallback((row: PayslipRow) => setOpened(row), []);
  const columns = usePayslipColumns({ open, withRun: false });
  const filters = useMemo<CrudFilter[]>(() => [{ field: "payroll_id", operator: "eq", value: runId }], [runId]);
  return (
    <>
      <ListPage<PayslipRow>
        resource="payslips"
        titleKey="payrollUi.review.payslipsTitle"
        heading="section"
        columns={columns}
        permanentFilters={filters}
        initialSorters={[{ field: "user_name", order: "asc" }]}
      />
      <PayslipDrawer payslip={opened} onClose={() => setOpened(null)} />
    </>
  );
}
