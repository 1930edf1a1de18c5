import { IdentityPage } from "./IdentityPage";

export default function UserPayslipsPage() {
  return <IdentityPage titleKey="userPayslips.title" />;
}
