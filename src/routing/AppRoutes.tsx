import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { FullPageSpinner } from "../components/common/FullPageSpinner";
import { loadSignedInMessages } from "../i18n/setup";
import { HomeRedirect, OwnRecordGuard, PublicOnly, RequireAuth, ResourceGuard } from "./RouteGuards";

// Each screen is its own chunk: the sign-in page does not load the signed-in shell.
const LoginPage = lazy(() => import("../pages/login/LoginPage"));
const RegisterPage = lazy(() => import("../pages/register/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("../pages/forgot-password/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("../pages/reset-password/ResetPasswordPage"));
const UnauthorizedPage = lazy(() => import("../pages/status/UnauthorizedPage"));
const ConnectionErrorPage = lazy(() => import("../pages/status/ConnectionErrorPage"));
const NotFoundPage = lazy(() => import("../pages/status/NotFoundPage"));
// The signed-in shell's messages come with it, in every language, before it renders.
const SignedInApp = lazy(() => Promise.all([import("../SignedInApp"), loadSignedInMessages()]).then(([module]) => module));
const DashboardPage = lazy(() => import("../pages/home/DashboardPage"));
const UserDashboardPage = lazy(() => import("../pages/home/UserDashboardPage"));
const UserPayslipsPage = lazy(() => import("../pages/home/UserPayslipsPage"));
const ProfilePage = lazy(() => import("../pages/profile/ProfilePage"));
const EmployeeListPage = lazy(() => import("../pages/employees/EmployeeListPage"));
const EmployeeEditorPage = lazy(() => import("../pages/employees/EmployeeEditorPage"));
const EmployeeProfilePage = lazy(() => import("../pages/employees/EmployeeProfilePage"));
const RolesPage = lazy(() => import("../pages/roles/RolesPage"));
const SystemActivitiesPage = lazy(() => import("../pages/activities/SystemActivitiesPage"));

/** A page behind its resource's rule (or the rule of the button that leads to it). */
const guarded = (resource: string, page: ReactNode, action?: "create" | "edit") => (
  <ResourceGuard name={resource} action={action}>
    {page}
  </ResourceGuard>
);

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route
          path="/login"
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route
          element={
            <RequireAuth>
              <SignedInApp />
            </RequireAuth>
          }
        >
          <Route index element={<HomeRedirect />} />
          <Route path="/dashboard" element={guarded("dashboard", <DashboardPage />)} />
          <Route path="/user-dashboard" element={guarded("user-dashboard", <UserDashboardPage />)} />
          <Route path="/user-payslips" element={guarded("user-payslips", <UserPayslipsPage />)} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/employee-management" element={<Navigate to="/employees" replace />} />
          <Route path="/employees" element={guarded("users", <EmployeeListPage />)} />
          <Route path="/employees/create" element={guarded("users", <EmployeeEditorPage />, "create")} />
          <Route path="/employees/:id/edit" element={guarded("users", <EmployeeEditorPage />, "edit")} />
          <Route
            path="/employee-profile/:id"
            element={
              <OwnRecordGuard>
                <EmployeeProfilePage />
              </OwnRecordGuard>
            }
          />
          <Route path="/roles" element={guarded("roles", <RolesPage />)} />
          <Route path="/dashboard/system-activities" element={guarded("dashboard/system-activities", <SystemActivitiesPage />)} />
        </Route>
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
        <Route path="/connection-error" element={<ConnectionErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
