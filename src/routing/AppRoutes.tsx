import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { useAuthState } from "../auth/store";
import { FullPageSpinner } from "../components/common/FullPageSpinner";
import { loginGuard, ROUTES } from "./guards";

// Each screen is its own chunk: the sign-in page loads neither the signed-in
// shell nor the resource list with its guards, icons and policies.
const LoginPage = lazy(() => import("../pages/login/LoginPage"));
const RegisterPage = lazy(() => import("../pages/register/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("../pages/forgot-password/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("../pages/reset-password/ResetPasswordPage"));
const LoginLinkPage = lazy(() => import("../pages/login-link/LoginLinkPage"));
const UnauthorizedPage = lazy(() => import("../pages/status/UnauthorizedPage"));
const ConnectionErrorPage = lazy(() => import("../pages/status/ConnectionErrorPage"));
const SignedInRoutes = lazy(() => import("./SignedInRoutes"));

/** /login: a signed-in user goes home instead. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuthState();
  const target = loginGuard(isAuthenticated);
  return target ? <Navigate to={target} replace /> : children;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route
          path={ROUTES.login}
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        <Route path={ROUTES.register} element={<RegisterPage />} />
        <Route path={ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route
          path={ROUTES.loginLink}
          element={
            <PublicOnly>
              <LoginLinkPage />
            </PublicOnly>
          }
        />
        <Route path={ROUTES.unauthorized} element={<UnauthorizedPage />} />
        <Route path={ROUTES.connectionError} element={<ConnectionErrorPage />} />
        {/* Everything else: the resources' pages behind sign-in, or not found. */}
        <Route path="*" element={<SignedInRoutes />} />
      </Routes>
    </Suspense>
  );
}
