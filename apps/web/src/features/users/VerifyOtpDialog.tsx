import { useCallback, useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, otpApi, verifyOtpRequest } from '@app/contract';
import { apiPost } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { USER_LISTS, type UserRow } from './api.ts';

/**
 * Approving a new Super Admin: a 6-digit code goes to that person (e-mail, and SMS when configured);
 * the approving Super Admin types it here. A right code activates the account.
 */
export function VerifyOtpDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const id = useId();
  return (
    <Dialog open={!!user} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>Verify OTP : {user?.full_name}</DialogTitle>
      {/* Keyed by the user: another row starts afresh (and sends its own code). */}
      {user && <OtpForm key={user.user_id} user={user} onClose={onClose} />}
    </Dialog>
  );
}

function OtpForm({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const userId = user.user_id;

  const requestCode = useCallback(
    () =>
      apiPost(otpApi.sendVerifyOTP, { user_id: userId })
        .then((answer) => setSentTo(answer.message))
        .catch(() => undefined /* alerted by the api client */)
        .finally(() => setBusy(false)),
    [userId],
  );
  useEffect(() => {
    void requestCode();
  }, [requestCode]);

  const verify = async () => {
    const parsed = verifyOtpRequest.safeParse({ user_id: userId, verify_otp: code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.otpLength);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiPost(otpApi.WebVerifyOTP, parsed.data);
      if (answer.result === 'success') {
        notify.success(answer.message);
        for (const list of USER_LISTS) await queryClient.invalidateQueries({ queryKey: [list.name] });
        onClose();
      } else {
        setError(answer.message);
      }
    } catch {
      // alerted by the api client
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {sentTo ?? 'Sending a code…'} Ask {user.first_name} for the 6-digit code. It expires after{' '}
          {OTP_TTL_MINUTES} minutes and allows {OTP_MAX_ATTEMPTS} tries.
        </DialogContentText>
        <TextField
          label="OTP"
          required
          fullWidth
          autoFocus
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void verify();
          }}
          error={!!error}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
        <Button
          color="inherit"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void requestCode();
          }}
        >
          Send a new code
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void verify()}>
          Verify
        </Button>
      </DialogActions>
    </>
  );
}
