import { useNavigate } from 'react-router-dom';
import { MainLandmark } from '../app/SkipLink.tsx';
import { Button } from '../ui/Button.tsx';
import { Result } from '../ui/Result.tsx';
import { m } from '../paraglide/messages.js';

/** Any unknown route: a 404 result with a way back home. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <MainLandmark className="app-standalone">
      <Result
        status="404"
        titleAs="h1"
        title={m.app_not_found_title()}
        description={m.app_not_found_body()}
        extra={
          <Button variant="primary" onPress={() => navigate('/')}>
            {m.app_back_home()}
          </Button>
        }
      />
    </MainLandmark>
  );
}
