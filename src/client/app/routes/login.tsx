export { LoginPage as LoginRoute } from "../../features/auth/components/login-page";
