import { useState } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGES, type MediaType, type PropertyMediaRow } from '@app/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormPanel, usePanelToggles } from '../../components/EntityFormPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { AmenitiesPanel } from './AmenitiesPanel.tsx';
import { useDeleteMedia, useMakeDefaultImage, usePropertyMedia, usePropertyRecord } from './api.ts';
import { ImageOrderList } from './ImageOrderList.tsx';
import { cardListSx } from './listing.ts';
import { MediaCard } from './MediaCard.tsx';
import { VideoAdd } from './MediaUploads.tsx';
import { MultiImageUpload } from './MultiImageUpload.tsx';
import { PROPERTY_LIST_PATH } from './paths.ts';

type Media = PropertyMediaRow;

/** Property Images (`?propertyId=`): media (images, videos) and amenities; without a property, the listing. */
export default function PropertyMediaPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('propertyId'));
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={PROPERTY_LIST_PATH} replace />;
  return <MediaScreen propertyId={id} key={id} />;
}

function MediaScreen({ propertyId }: { propertyId: number }) {
  const { has } = usePermissions();
  const property = usePropertyRecord(propertyId);
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
  const media = usePropertyMedia(propertyId);
  const items = (media.data ?? []).filter((m) => m.type === tab);
  const remove = useDeleteMedia();
  const makeDefault = useMakeDefaultImage();
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
          <MultiImageUpload propertyId={propertyId} />
        ) : (
          <VideoAdd propertyId={propertyId} />
        )}
        <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          {tab === 'Image' ? 'Images' : 'Videos'}
        </Typography>
        {tab === 'Image' && items.length > 1 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Drag an image onto another, or use its arrows, to change the order: the first is the default.
          </Typography>
        )}
        {!media.isPending && items.length === 0 ? (
          <Typography color="text.secondary">{MESSAGES.noData}</Typography>
        ) : tab === 'Image' ? (
          <ImageOrderList
            propertyId={propertyId}
            images={items}
            onDefault={(item) => setAsk({ item, action: 'default', open: true })}
            onDelete={(item) => setAsk({ item, action: 'delete', open: true })}
          />
        ) : (
          <Box component="ul" aria-label="Videos" sx={cardListSx('repeat(auto-fill, minmax(220px, 1fr))')}>
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
