import { LandingPage } from '../features/account/LandingPage.tsx';

/** Landing route: the account feature's page. */
export default function LandingRoute() {
  return <LandingPage />;
}
