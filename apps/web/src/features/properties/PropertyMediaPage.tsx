import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import StarIcon from '@mui/icons-material/Star';
import {
  MESSAGES,
  PROPERTY_MESSAGES,
  propertyApi,
  videoLink,
  type MediaType,
  type PropertyMediaRow,
} from '@app/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormPanel, usePanelToggles } from '../../components/EntityFormPage.tsx';
import { IdMultiSelect } from '../../components/IdMultiSelect.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { apiGet } from '../../lib/api.ts';
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/imageFile.ts';
import { usePropertyAmenityOptions } from '../../lib/lookups.ts';
import { useApiMutation } from '../../lib/mutations.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { MEDIA_RELOADS, PROPERTY_LIST_PATH } from './api.ts';
import { cardListSx } from './listing.ts';

type Media = PropertyMediaRow;

const isDefault = (m: Media) => m.isDefault === 1;

/** Property Images (`?propertyId=`): media (images, videos) and amenities; without a property, the listing. */
export default function PropertyMediaPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('propertyId'));
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={PROPERTY_LIST_PATH} replace />;
  return <MediaScreen propertyId={id} key={id} />;
}

function MediaScreen({ propertyId }: { propertyId: number }) {
  const { has } = usePermissions();
  const property = useQuery({
    queryKey: [propertyApi.GetPropertyById.name, { id: propertyId }],
    queryFn: ({ signal }) =>
      apiGet(propertyApi.GetPropertyById, { id: propertyId }, { signal, silent: true }).then(
        (r) => r.resultData[0] ?? null,
      ),
  });
  const name = property.data?.property_name;
  const panels = usePanelToggles();

  if (!has('Property Image')) {
    return (
      <>
        <PageHeader section="Property" title="Property Images" />
        <Typography>You do not have permission to open this page.</Typography>
      </>
    );
  }
  return (
    <>
      <PageHeader
        section="Property"
        title="Property Images"
        heading={name === undefined ? 'Property Images' : `Property Images : ${name}`}
        actions={
          <Button variant="outlined" color="inherit" component={RouterLink} to={PROPERTY_LIST_PATH}>
            Back to list
          </Button>
        }
      />
      <Stack spacing={2}>
        {[
          { title: 'Media', content: <MediaPanel propertyId={propertyId} /> },
          { title: 'Amenities', content: <AmenitiesPanel propertyId={propertyId} /> },
        ].map((p) => (
          <FormPanel
            key={p.title}
            title={p.title}
            grid={false}
            expanded={panels.expanded(p.title)}
            onChange={(open) => panels.toggle(p.title, open)}
          >
            {p.content}
          </FormPanel>
        ))}
      </Stack>
    </>
  );
}

function MediaPanel({ propertyId }: { propertyId: number }) {
  const [tab, setTab] = useState<MediaType>('Image');
  const media = useQuery({
    queryKey: [propertyApi.showallimagesvideo.name, { property_id: propertyId }],
    queryFn: ({ signal }) =>
      // The media answer under `resultdata` (lower-case d), as the old client reads it.
      apiGet(propertyApi.showallimagesvideo, { property_id: propertyId }, { signal }).then(
        (r) => r.resultdata,
      ),
  });
  const items = (media.data ?? []).filter((m) => m.type === tab);
  const remove = useApiMutation(propertyApi.deletepropertyimages, MEDIA_RELOADS);
  const makeDefault = useApiMutation(propertyApi.propertyimagesisDefault, MEDIA_RELOADS);
  const [ask, setAsk] = useState<{ item: Media; action: 'delete' | 'default'; open: boolean } | null>(null);
  const close = () => setAsk((a) => a && { ...a, open: false });
  const confirm = async () => {
    if (!ask) return;
    const ids = { image_id: ask.item.id, property_id: propertyId };
    try {
      if (ask.action === 'delete') await remove.mutateAsync(ids);
      else await makeDefault.mutateAsync({ ...ids, isDefault: 1 });
    } catch {
      // alerted by the api client
    }
    close();
  };

  return (
    <>
      <Tabs value={tab} onChange={(_, v: MediaType) => setTab(v)} aria-label="Media type" sx={{ mb: 2 }}>
        <Tab label="Image" value="Image" id="media-tab-image" aria-controls="media-tabpanel" />
        <Tab label="Videos" value="Video" id="media-tab-video" aria-controls="media-tabpanel" />
      </Tabs>
      <Box
        role="tabpanel"
        id="media-tabpanel"
        aria-labelledby={tab === 'Image' ? 'media-tab-image' : 'media-tab-video'}
      >
        {tab === 'Image' ? (
          <ImageUpload propertyId={propertyId} first={!(media.data ?? []).some((m) => m.type === 'Image')} />
        ) : (
          <VideoAdd propertyId={propertyId} />
        )}
        <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          {tab === 'Image' ? 'Images' : 'Videos'}
        </Typography>
        {!media.isPending && items.length === 0 ? (
          <Typography color="text.secondary">{MESSAGES.noData}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={tab === 'Image' ? 'Images' : 'Videos'}
            sx={cardListSx('repeat(auto-fill, minmax(220px, 1fr))')}
          >
            {items.map((item) => (
              <Box component="li" key={item.id}>
                <MediaCard
                  item={item}
                  onDefault={() => setAsk({ item, action: 'default', open: true })}
                  onDelete={() => setAsk({ item, action: 'delete', open: true })}
                />
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={!!ask?.open}
        title={ask?.action === 'default' ? 'Make Default Image' : `Delete ${ask?.item.type ?? 'Image'}`}
        text={ask?.action === 'default' ? MESSAGES.confirmDefaultImage : MESSAGES.confirmDelete}
        onCancel={close}
        onConfirm={() => void confirm()}
        busy={remove.isPending || makeDefault.isPending}
      />
    </>
  );
}

function MediaCard({
  item,
  onDefault,
  onDelete,
}: {
  item: Media;
  onDefault: () => void;
  onDelete: () => void;
}) {
  const label = item.description || `${item.type} ${item.id}`;
  return (
    <Card variant="outlined" component="article" aria-label={label}>
      {item.type === 'Image' ? (
        <Box
          component="img"
          src={item.thumbnail || item.images_video}
          alt={item.description}
          sx={{ width: '100%', height: 140, objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box sx={{ height: 140, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
          <OndemandVideoIcon fontSize="large" aria-hidden />
        </Box>
      )}
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {item.description}
        </Typography>
        {item.type === 'Video' && (
          <Link
            href={item.images_video}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {item.images_video}
          </Link>
        )}
      </CardContent>
      <CardActions>
        {item.type === 'Image' &&
          (isDefault(item) ? (
            <Chip icon={<StarIcon />} label="Default" color="primary" size="small" />
          ) : (
            <Button size="small" onClick={onDefault} aria-label={`Make default ${label}`}>
              Make default
            </Button>
          ))}
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={onDelete}
          aria-label={`Delete ${label}`}
          sx={{ ml: 'auto' }}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

/** Choose a .jpg/.jpeg/.png of at most 1 MB, describe it, upload (the server checks the bytes again). */
function ImageUpload({ propertyId, first }: { propertyId: number; first: boolean }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [descError, setDescError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const upload = useApiMutation(propertyApi.saveimagesupload, MEDIA_RELOADS);

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
function VideoAdd({ propertyId }: { propertyId: number }) {
  const [link, setLink] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ link?: string; description?: string }>({});
  const add = useApiMutation(propertyApi.saveimagesupload, [propertyApi.showallimagesvideo]);

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

/** The amenities master as a multi-select, preselected with the property's; Save replaces the set. */
function AmenitiesPanel({ propertyId }: { propertyId: number }) {
  const amenities = usePropertyAmenityOptions();
  const selected = useQuery({
    queryKey: [propertyApi.getSelectedPropertyAmenities.name, { propertyId }],
    queryFn: ({ signal }) =>
      apiGet(propertyApi.getSelectedPropertyAmenities, { propertyId }, { signal }).then((r) =>
        r.resultData.map((row) => row.amenities_id),
      ),
    staleTime: 0,
  });
  const form = useForm<{ amenities: number[] }>({ defaultValues: { amenities: [] } });
  const { reset } = form;
  useEffect(() => {
    if (selected.data) reset({ amenities: selected.data });
  }, [selected.data, reset]);
  const save = useApiMutation(propertyApi.savePropertyMappingAmenities, [
    propertyApi.getSelectedPropertyAmenities,
  ]);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(async ({ amenities: ids }) => {
        try {
          await save.mutateAsync({ ammentiesId: ids.join(','), propertyId });
        } catch {
          // alerted by the api client
        }
      })}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 320px' }}>
        <IdMultiSelect<{ amenities: number[] }>
          control={form.control}
          name="amenities"
          label="Amenities"
          options={amenities.options}
          loading={amenities.isFetching || selected.isFetching}
        />
      </Box>
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending || selected.isPending}
        sx={{ mt: 1 }}
      >
        Save Amenities
      </Button>
    </Box>
  );
}
