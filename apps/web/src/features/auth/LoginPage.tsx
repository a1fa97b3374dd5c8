import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { loginRequest } from '@app/contract';
import { PasswordField } from '../../components/PasswordField.tsx';
import { login, sessionQuery } from '../../lib/auth.ts';
import { AFTER_LOGIN_PATH } from '../../lib/paths.ts';
import { AuthCard } from './AuthCard.tsx';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
    mode: 'onChange',
  });

  const submit = handleSubmit(async (values) => {
    try {
      if (!(await login(values))) return;
    } catch {
      return; // alerted by the api client ('Internet not found', 429 message, ...)
    }
    queryClient.removeQueries({ queryKey: sessionQuery.queryKey, exact: true });
    navigate(AFTER_LOGIN_PATH, { replace: true });
  });

  return (
    <AuthCard title="Login">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          {...register('email')}
          error={!!errors.email}
          helperText={errors.email?.message ?? ' '}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...register('password')}
          error={!!errors.password}
          helperText={errors.password?.message ?? ' '}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          disabled={!isValid || isSubmitting}
          sx={{ mt: 1 }}
        >
          Login
        </Button>
      </form>
      <Box sx={{ mt: 2, textAlign: 'right' }}>
        <Link component="button" type="button" onClick={() => setForgotOpen(true)}>
          Forgot Password
        </Link>
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthCard>
  );
}
