import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { authApi, changePasswordRequest } from '@app/contract';
import { PasswordField } from '../../components/PasswordField.tsx';
import { apiPost, showServerMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Change Password</DialogTitle>
      <ChangePasswordForm onClose={onClose} />
    </Dialog>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
    mode: 'onChange',
  });
  const submit = handleSubmit(async (values) => {
    try {
      showServerMessage(await apiPost(authApi.change_password, values));
      onClose();
    } catch (e) {
      applyServerErrors(e, setError);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogContent>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          autoFocus
          {...register('current_password')}
          error={!!errors.current_password}
          helperText={errors.current_password?.message ?? ' '}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button type="submit" variant="contained" disabled={!isValid || isSubmitting}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
