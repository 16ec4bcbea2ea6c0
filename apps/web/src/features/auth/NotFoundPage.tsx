import { MSG } from '@lockerops/contract';
import { Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { translateMessage } from '../../i18n/messages';

/** /auth/404: where every unknown path lands (spec console §2). */
export function NotFoundPage() {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h1" component="h1">
        404
      </Typography>
      <Typography>{translateMessage(MSG.pageNotFound)}</Typography>
      <Link component={RouterLink} to="/">
        {t('notFound.backHome')}
      </Link>
    </Stack>
  );
}
