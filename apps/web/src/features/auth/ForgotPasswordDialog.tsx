import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { authApi, forgetPasswordRequest } from '@app/contract';
import { apiPost, showServerMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Forgot Password</DialogTitle>
      <ForgotPasswordForm onClose={onClose} />
    </Dialog>
  );
}

function ForgotPasswordForm({ onClose }: { onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgetPasswordRequest),
    defaultValues: { forget_email: '' },
    mode: 'onChange',
  });
  const submit = handleSubmit(async (values) => {
    try {
      showServerMessage(await apiPost(authApi.forget_password, values));
      onClose();
    } catch (e) {
      applyServerErrors(e, setError);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogContent>
        <DialogContentText>
          Enter your e-mail address to receive a link to reset your password.
        </DialogContentText>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          {...register('forget_email')}
          error={!!errors.forget_email}
          helperText={errors.forget_email?.message ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button type="submit" variant="contained" disabled={!isValid || isSubmitting}>
          Send
        </Button>
      </DialogActions>
    </form>
  );
}
