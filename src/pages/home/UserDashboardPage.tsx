import { IdentityPage } from "./IdentityPage";

export default function UserDashboardPage() {
  return <IdentityPage titleKey="userDashboard.title" />;
}
