import TextField from '@mui/material/TextField';

interface ReasonFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** 'Reason for Inactive' unless the reason is for something else ('Reason for suspending'). */
  label?: string;
  error?: string | null;
}

/** The reason a status change asks for (at most 500 characters, as the server keeps). */
export function ReasonField({ value, onChange, label = 'Reason for Inactive', error }: ReasonFieldProps) {
  return (
    <TextField
      label={label}
      required
      fullWidth
      multiline
      sx={{ mt: 2 }}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...(error !== undefined && { error: !!error, helperText: error ?? ' ' })}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}
