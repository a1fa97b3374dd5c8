import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { authApi, MESSAGES, resetPasswordRequest } from '@app/contract';
import { PasswordField } from '../../components/PasswordField.tsx';
import { apiPost } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { notify } from '../../lib/notify.ts';
import { AuthCard } from './AuthCard.tsx';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { token, new_password: '', confirm_password: '' },
    mode: 'onChange',
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await apiPost(authApi.reset_password, values);
      notify.success(message);
      setDone(message);
    } catch (e) {
      applyServerErrors(e, setError);
    }
  });

  return (
    <AuthCard title="Reset Password">
      {done ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {done}
        </Alert>
      ) : !token ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.resetLinkInvalid}
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          {errors.token?.message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.token.message}
            </Alert>
          )}
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            autoFocus
            {...register('new_password', { deps: ['confirm_password'] })}
            error={!!errors.new_password}
            helperText={errors.new_password?.message ?? ' '}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            {...register('confirm_password')}
            error={!!errors.confirm_password}
            helperText={errors.confirm_password?.message ?? ' '}
          />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            disabled={!isValid || isSubmitting}
            sx={{ mt: 1 }}
          >
            Reset Password
          </Button>
        </form>
      )}
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Box>
    </AuthCard>
  );
}
