import { SampleRequests } from '../features/shop/SampleRequests.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /plans/sample-requests: the shop's pending sample applications, approved or rejected from here. */
export default function SampleRequestsPage() {
  return (
    <ScreenPage title={m.sample_requests_title()}>
      <SampleRequests />
    </ScreenPage>
  );
}
