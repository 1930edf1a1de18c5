import { IdentityPage } from "../../components/common/IdentityPage";

export default function UserPayslipsPage() {
  return <IdentityPage titleKey="userPayslips.title" />;
}
