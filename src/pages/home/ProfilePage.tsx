import { IdentityPage } from "./IdentityPage";

export default function ProfilePage() {
  return <IdentityPage titleKey="profile.title" />;
}
