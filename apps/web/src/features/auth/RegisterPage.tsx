import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** /auth/register: a static form, not wired to any call (spec console §2). */
export function RegisterPage() {
  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()}>
      <Typography variant="h1" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
        Register
      </Typography>
      <Stack spacing={2}>
        <TextField label="Name" name="name" autoComplete="name" />
        <TextField label="Email" name="email" type="email" autoComplete="email" />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large">
          Register
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/auth/login">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
