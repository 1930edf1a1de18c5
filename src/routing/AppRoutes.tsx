import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { FullPageSpinner } from "../components/common/FullPageSpinner";
import { HomeRedirect, PublicOnly, RequireAuth, ResourceGuard } from "./RouteGuards";

// Each screen is its own chunk: the sign-in page does not load the signed-in shell.
const LoginPage = lazy(() => import("../pages/login/LoginPage"));
const RegisterPage = lazy(() => import("../pages/register/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("../pages/forgot-password/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("../pages/reset-password/ResetPasswordPage"));
const UnauthorizedPage = lazy(() => import("../pages/status/UnauthorizedPage"));
const ConnectionErrorPage = lazy(() => import("../pages/status/ConnectionErrorPage"));
const NotFoundPage = lazy(() => import("../pages/status/NotFoundPage"));
const SignedInApp = lazy(() => import("../SignedInApp"));
const DashboardPage = lazy(() => import("../pages/home/DashboardPage"));
const UserDashboardPage = lazy(() => import("../pages/home/UserDashboardPage"));
const UserPayslipsPage = lazy(() => import("../pages/home/UserPayslipsPage"));
const ProfilePage = lazy(() => import("../pages/home/ProfilePage"));

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
          <Route
            path="/dashboard"
            element={
              <ResourceGuard name="dashboard">
                <DashboardPage />
              </ResourceGuard>
            }
          />
          <Route
            path="/user-dashboard"
            element={
              <ResourceGuard name="user-dashboard">
                <UserDashboardPage />
              </ResourceGuard>
            }
          />
          <Route
            path="/user-payslips"
            element={
              <ResourceGuard name="user-payslips">
                <UserPayslipsPage />
              </ResourceGuard>
            }
          />
          <Route path="/profile" element={<ProfilePage />} />
        </Route>
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
        <Route path="/connection-error" element={<ConnectionErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
