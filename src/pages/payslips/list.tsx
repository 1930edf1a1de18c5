import { IdentityPage } from "../../components/common/IdentityPage";

export default function Page() {
  return <IdentityPage titleKey="menu.payslips" />;
}
