import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { MESSAGES, PROPERTY_MESSAGES, videoLink } from '@app/contract';
import { useAddVideo } from './api.ts';

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
