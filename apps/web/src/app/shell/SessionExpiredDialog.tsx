import { MSG } from '@lockerops/contract';
import { useNavigate } from 'react-router';
import { sessionStore, useSession } from '../../api/session';
import { ResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';

/** Session failure (spec console §4, §8): 'Alert!' with the expiry text, then the login page. */
export function SessionExpiredDialog() {
  const { expired } = useSession();
  const navigate = useNavigate();
  return (
    <ResultDialog
      open={expired}
      type="warning"
      title={translateMessage(MSG.sessionExpiredTitle)}
      message={translateMessage(MSG.sessionExpired)}
      onClose={() => {
        sessionStore.dismissExpired();
        navigate('/auth/login', { replace: true });
      }}
    />
  );
}
