import { MSG } from '@lockerops/contract';
import { Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** /auth/404: where every unknown path lands (spec console §2). */
export function NotFoundPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h1" component="h1">
        404
      </Typography>
      <Typography>{MSG.pageNotFound}</Typography>
      <Link component={RouterLink} to="/">
        Back to Home
      </Link>
    </Stack>
  );
}
