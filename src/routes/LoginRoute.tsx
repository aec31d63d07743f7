import { LoginPage } from '../features/account/LoginPage.tsx';

/** Login route: the account feature's page. */
export default function LoginRoute() {
  return <LoginPage />;
}
