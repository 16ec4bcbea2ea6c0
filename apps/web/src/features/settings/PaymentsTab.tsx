import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Payments: the card-payment provider account is set up on /pricing-set-up. */
export function PaymentsTab() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>Connect a card-payment provider account to take payments at your lockers.</Typography>
      <Button variant="contained" component={RouterLink} to="/pricing-set-up">
        Payment set-up
      </Button>
    </Stack>
  );
}
