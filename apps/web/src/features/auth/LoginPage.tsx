import { zodResolver } from '@hookform/resolvers/zod';
import { type TSignInRequest, ZSignInRequest } from '@lockerops/contract';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { landingPathFor, useSignIn } from '../../api/auth';
import { errorDetailText } from '../../api/errors';

/** /auth/login (spec console §2): e-mail and password; a new-password challenge goes to /auth/welcome. */
export function LoginPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { register, handleSubmit, formState } = useForm<TSignInRequest>({
    resolver: zodResolver(ZSignInRequest),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    const res = await signIn.mutateAsync(values);
    if ('challenge' in res) navigate('/auth/welcome', { replace: true });
    else navigate(landingPathFor(res.user), { replace: true });
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <Typography variant="h1" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
        Sign in
      </Typography>
      <Stack spacing={2}>
        {signIn.error ? <Alert severity="error">{errorDetailText(signIn.error)}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          {...register('email')}
          error={!!formState.errors.email}
          helperText={formState.errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/auth/reset-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
          Sign In
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          No account yet?{' '}
          <Link component={RouterLink} to="/auth/register">
            Register
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
