import { RegisterPage } from '../features/account/RegisterPage.tsx';

/** Register route: the account feature's page. */
export default function RegisterRoute() {
  return <RegisterPage />;
}
