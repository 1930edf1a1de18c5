import { ROUTES } from "../../routing/guards";

/**
 * Where the page's views are: the year's list (?year=) and one payslip
 * (?payslip=), both on /user-payslips, the one route the release
 * notification and the menu know.
 */
export const ownPayslipPaths = {
  year: (year?: number | string) => (year === undefined ? ROUTES.userPayslips : `${ROUTES.userPayslips}?year=${year}`),
  payslip: (id: number) => `${ROUTES.userPayslips}?payslip=${id}`,
};
