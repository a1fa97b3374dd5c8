import { lazy, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { loginRules } from '@app/contract';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { login, sessionQuery } from '../../lib/auth.ts';
import { AFTER_LOGIN_PATH } from '../../lib/paths.ts';
import { AuthCard } from './AuthCard.tsx';

const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog.tsx')).ForgotPasswordDialog,
}));

type Field = keyof typeof loginRules;

/**
 * A plain form checked by the contract's loginRules (the server applies the same ones): a field's
 * message shows once it has been edited, and Login is enabled while every rule holds.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [edited, setEdited] = useState<Partial<Record<Field, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const errors = { email: loginRules.email(values.email), password: loginRules.password(values.password) };
  const valid = !errors.email && !errors.password;

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setEdited((d) => ({ ...d, [name]: true }));
    },
    error: !!edited[name] && !!errors[name],
    helperText: (edited[name] && errors[name]) || ' ',
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || submitting) {
      setEdited({ email: true, password: true });
      return;
    }
    setSubmitting(true);
    try {
      if (!(await login({ email: values.email.trim(), password: values.password }))) return;
    } catch {
      return; // alerted by the api client ('Internet not found', 429 message, ...)
    } finally {
      setSubmitting(false);
    }
    queryClient.removeQueries({ queryKey: sessionQuery.queryKey, exact: true });
    navigate(AFTER_LOGIN_PATH, { replace: true });
  };

  return (
    <AuthCard title="Login">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Email" type="email" autoComplete="username" autoFocus {...field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          disabled={!valid || submitting}
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
      <OnceOpened open={forgotOpen}>
        <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
      </OnceOpened>
    </AuthCard>
  );
}
