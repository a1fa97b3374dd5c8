import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { useImageUploads, type QueuedImage } from './use-image-uploads.ts';

/**
 * Several images at once: chosen or dropped, each described (its file name to start with) and sent
 * with its own progress bar; a refused file says why beside it and the others still go.
 */
export function MultiImageUpload({ propertyId }: { propertyId: number }) {
  const inputId = useId();
  const uploads = useImageUploads(propertyId);
  const [over, setOver] = useState(false);
  const waiting = uploads.ready;

  return (
    <Box>
      <Box
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (e.dataTransfer.files.length === 0) return;
          e.preventDefault();
          setOver(false);
          uploads.add(e.dataTransfer.files);
        }}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
        }}
      >
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<CloudUploadIcon />}>
          Choose Images
        </Button>
        <input
          id={inputId}
          type="file"
          hidden
          multiple
          accept={IMAGE_ACCEPT}
          aria-label="Image files"
          onChange={(e) => {
            if (e.target.files) uploads.add(e.target.files);
            e.target.value = '';
          }}
        />
        <Typography variant="body2" color="text.secondary">
          or drop them here: .jpg, .jpeg or .png, at most 1 MB each
        </Typography>
      </Box>
      {uploads.queue.length > 0 && (
        <>
          <Box component="ul" aria-label="Images to upload" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
            {uploads.queue.map((item) => (
              <QueuedRow
                key={item.key}
                item={item}
                onDescribe={(d) => uploads.describeAs(item.key, d)}
                onRemove={() => uploads.remove(item.key)}
              />
            ))}
          </Box>
          <Button
            variant="contained"
            onClick={() => void uploads.uploadAll()}
            disabled={uploads.busy || waiting === 0}
            sx={{ mt: 1 }}
          >
            {uploads.busy ? 'Uploading…' : `Upload ${waiting} image${waiting === 1 ? '' : 's'}`}
          </Button>
        </>
      )}
    </Box>
  );
}

function QueuedRow({
  item,
  onDescribe,
  onRemove,
}: {
  item: QueuedImage;
  onDescribe: (description: string) => void;
  onRemove: () => void;
}) {
  const name = item.file.name;
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        display: 'grid',
        gridTemplateColumns: '64px minmax(0, 1fr) auto',
        gap: 1.5,
        alignItems: 'start',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {item.preview ? (
        <Box
          component="img"
          src={item.preview}
          alt=""
          sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      ) : (
        <Box
          sx={{
            width: 64,
            height: 48,
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <BrokenImageIcon color="disabled" aria-hidden />
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: item.refused ? 0 : 1 }}>
          {name}
        </Typography>
        {!item.refused && (
          <TextField
            label={`Description of ${name}`}
            required
            size="small"
            fullWidth
            value={item.description}
            disabled={item.state === 'sending'}
            onChange={(e) => onDescribe(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
        {item.state === 'sending' && (
          <LinearProgress
            variant="determinate"
            value={Math.round(item.progress * 100)}
            aria-label={`Upload progress of ${name}`}
            sx={{ mt: 1 }}
          />
        )}
        {item.error && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {item.error}
          </Typography>
        )}
      </Box>
      <IconButton
        aria-label={`Remove ${name}`}
        onClick={onRemove}
        disabled={item.state === 'sending'}
        size="small"
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
