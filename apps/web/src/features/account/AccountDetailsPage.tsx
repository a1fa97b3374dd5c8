import { useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { accountApi, MESSAGES, profileForm, userApi, type AnswerOf } from '@app/contract';
import { ADDRESS_NAMES, AddressBlock } from '../../components/AddressBlock.tsx';
import { EntityForm } from '../../components/EntityFormPage.tsx';
import { formValues } from '../../components/entity-values.ts';
import { FormTextField } from '../../components/FormInputs.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ApiError } from '../../lib/api.ts';
import { SESSION_CALL } from '../../lib/auth.ts';
import { AFTER_LOGIN_PATH } from '../../lib/paths.ts';
import {
  OtherDetailsFields,
  PROFILE_KINDS,
  ProfileImageInput,
  withImage,
} from '../../components/ProfileInputs.tsx';
import { useAccountDetails } from './api.ts';

type Values = Record<string, unknown>;
const ACCOUNT_CALL = accountApi.webGetAccountDetails;
/** The signed-in user's record, as webGetAccountDetails declares it. */
type Account = AnswerOf<typeof ACCOUNT_CALL>['resultData'][number];

/**
 * Account Details: the signed-in user's own profile. Save asks for the current password, then the app
 * goes to the notification list with fresh data (the name in the top bar included).
 */
export default function AccountDetailsPage() {
  const account = useAccountDetails();
  return (
    <>
      <PageHeader section="Account" title="Account Details" />
      {account.data ? (
        <AccountForm record={account.data} />
      ) : (
        <Box
          sx={{ display: 'grid', placeItems: 'center', py: 8 }}
          role="status"
          aria-label={MESSAGES.loading}
        >
          <CircularProgress aria-hidden />
        </Box>
      )}
    </>
  );
}

/** A save waiting on the current password: `send` sends it with the password; `done` ends the wait. */
interface PasswordAsk {
  send: (password: string) => Promise<void>;
  done: (result: boolean | { error: unknown }) => void;
}

function AccountForm({ record }: { record: Account }) {
  const [image, setImage] = useState<File | null>(null);
  const [ask, setAsk] = useState<PasswordAsk | null>(null);
  const defaultValues = useMemo(() => formValues(PROFILE_KINDS, record), [record]);
  const name = `${record.first_name} ${record.last_name}`;
  return (
    <>
      <EntityForm<Values>
        schema={profileForm}
        defaultValues={defaultValues}
        saveLabel="Save"
        editing
        calls={{ save: accountApi.UpdateProfile, update: accountApi.UpdateProfile }}
        reloads={[SESSION_CALL, ACCOUNT_CALL, userApi.GetUser, userApi.GetUserById]}
        confirmSend={(body, send) =>
          new Promise<boolean>((resolve, reject) =>
            setAsk({
              send: (password) => send({ ...body, verify_password: password }),
              done: (result) => {
                setAsk(null);
                if (typeof result === 'boolean') resolve(result);
                else reject(result.error);
              },
            }),
          )
        }
        encode={(body) => withImage(body, image)}
        changedOutside={image !== null}
        backTo={AFTER_LOGIN_PATH}
        panels={({ control, setValue }) => [
          {
            title: 'Basic Information',
            content: (
              <>
                <ProfileImageInput current={record.profileImage} name={name} onFile={setImage} />
                <FormTextField
                  control={control}
                  name="first_name"
                  label="First Name"
                  maxLength={60}
                  required
                />
                <FormTextField control={control} name="last_name" label="Last Name" maxLength={60} required />
                <FormTextField control={control} name="nick_name" label="Nick Name" maxLength={100} />
                <FormTextField
                  control={control}
                  name="user_email"
                  label="Email"
                  kind="email"
                  maxLength={254}
                  required
                />
                <FormTextField
                  control={control}
                  name="phone_1"
                  label="Primary Phone"
                  kind="phone"
                  maxLength={12}
                  required
                />
                <FormTextField
                  control={control}
                  name="phone_2"
                  label="Secondary Phone"
                  kind="phone"
                  maxLength={12}
                />
                <AddressBlock<Values>
                  control={control}
                  setValue={setValue}
                  names={ADDRESS_NAMES}
                  shape={{}}
                  zipLength={4}
                />
                <OtherDetailsFields control={control} />
              </>
            ),
          },
        ]}
      />
      <CurrentPasswordDialog ask={ask} />
    </>
  );
}

/**
 * Asks for the current password and saves the profile with it. A wrong password keeps the dialog open
 * with the message at the password, to be typed again; any other refusal closes it (its field
 * messages land on the form).
 */
function CurrentPasswordDialog({ ask }: { ask: PasswordAsk | null }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const close = (result: boolean | { error: unknown }) => {
    setPassword('');
    setError(null);
    ask?.done(result);
  };
  const confirm = async () => {
    if (!ask || sending) return;
    if (!password) {
      setError(MESSAGES.required);
      return;
    }
    setSending(true);
    try {
      await ask.send(password);
      close(true);
    } catch (e) {
      const wrong = e instanceof ApiError ? e.errors.verify_password : undefined;
      if (wrong) {
        setError(wrong);
        input.current?.select();
      } else close({ error: e });
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog
      open={!!ask}
      onClose={() => !sending && close(false)}
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Confirm your password</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Enter your current password to save your profile.
        </DialogContentText>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          autoFocus
          required
          fullWidth
          inputRef={input}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void confirm();
          }}
          error={!!error}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={() => close(false)} disabled={sending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={sending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
