import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { MESSAGES, PROPERTY_MESSAGES, videoLink } from '@app/contract';
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/image-file.ts';
import { useAddVideo, useUploadImage } from './api.ts';

/** Choose a .jpg/.jpeg/.png of at most 1 MB, describe it, upload (the server checks the bytes again). */
export function ImageUpload({ propertyId, first }: { propertyId: number; first: boolean }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [descError, setDescError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const upload = useUploadImage();

  const submit = async () => {
    const missingFile = !file && !fileError ? MESSAGES.required : fileError;
    const missingText = description.trim() ? null : MESSAGES.required;
    setFileError(missingFile);
    setDescError(missingText);
    if (!file || missingFile || missingText) return;
    const body = new FormData();
    body.append('type', 'Image');
    body.append('property_id', String(propertyId));
    body.append('isDefault', first ? '1' : '0');
    body.append('description', description.trim());
    body.append('images_video', file);
    try {
      await upload.mutateAsync(body);
      setFile(null);
      setPreview(null);
      setDescription('');
    } catch {
      // alerted by the api client
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<CloudUploadIcon />}>
          Choose Image
        </Button>
        <input
          id={inputId}
          type="file"
          hidden
          accept={IMAGE_ACCEPT}
          aria-label="Image file"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!chosen) return;
            setFile(null);
            setPreview(null);
            const problem = imageFileProblem(chosen, MESSAGES.uploadLimit);
            if (problem) return setFileError(problem);
            setFileError(null);
            setFile(chosen);
            setPreview(URL.createObjectURL(chosen));
          }}
        />
        <FormHelperText error={!!fileError}>
          {fileError ?? (file ? file.name : '.jpg, .jpeg or .png, at most 1 MB')}
        </FormHelperText>
      </Box>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt="Chosen image"
          sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <TextField
        label="Image Description"
        required
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          if (e.target.value.trim()) setDescError(null);
        }}
        error={!!descError}
        helperText={descError ?? ' '}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ flex: '1 1 240px' }}
      />
      <Button variant="contained" onClick={() => void submit()} disabled={upload.isPending} sx={{ mt: 1 }}>
        Upload Image
      </Button>
    </Box>
  );
}

/** A video link with its description. */
export function VideoAdd({ propertyId }: { propertyId: number }) {
  const [link, setLink] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ link?: string; description?: string }>({});
  const add = useAddVideo();

  const submit = async () => {
    const next: typeof errors = {};
    if (!link.trim()) next.link = MESSAGES.required;
    else if (!videoLink.safeParse(link).success) next.link = PROPERTY_MESSAGES.videoLink;
    if (!description.trim()) next.description = MESSAGES.required;
    setErrors(next);
    if (next.link || next.description) return;
    try {
      await add.mutateAsync({
        type: 'Video',
        property_id: propertyId,
        isDefault: 0,
        description: description.trim(),
        video_link: link.trim(),
      });
      setLink('');
      setDescription('');
    } catch {
      // alerted by the api client
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        label="Video Link"
        required
        type="url"
        value={link}
        onChange={(e) => setLink(e.target.value)}
        error={!!errors.link}
        helperText={errors.link ?? ' '}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ flex: '1 1 280px' }}
      />
      <TextField
        label="Video Description"
        required
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={!!errors.description}
        helperText={errors.description ?? ' '}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ flex: '1 1 240px' }}
      />
      <Button variant="contained" onClick={() => void submit()} disabled={add.isPending} sx={{ mt: 1 }}>
        Add Video
      </Button>
    </Box>
  );
}
