import { useNavigate } from 'react-router-dom';
import { Button } from '../ui/Button.tsx';
import { Result } from '../ui/Result.tsx';
import { m } from '../paraglide/messages.js';

/** Any unknown route: a 404 result with a way back home. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="app-standalone">
      <Result
        status="404"
        description={m.app_not_found_body()}
        extra={
          <Button variant="primary" onPress={() => navigate('/')}>
            {m.app_back_home()}
          </Button>
        }
      />
    </div>
  );
}
