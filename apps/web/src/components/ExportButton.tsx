import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import type { GetCall } from '@app/contract';
import { apiDownload, type QueryParams } from '../lib/api.ts';

interface ExportButtonProps {
  /** The list call; the file comes from GET /api/{call}/export?{params}. */
  call: GetCall;
  params: QueryParams;
  disabled?: boolean;
}

export function ExportButton({ call, params, disabled = false }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await apiDownload(call, params);
    } catch {
      // the api client has shown the alert
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      onClick={() => void onClick()}
      disabled={disabled || busy}
    >
      Export to Excel
    </Button>
  );
}
