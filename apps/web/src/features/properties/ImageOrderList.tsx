import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import type { PropertyMediaRow } from '@app/contract';
import { SR_ONLY } from '../../lib/sr-only.ts';
import { useReorderImages } from './api.ts';
import { cardListSx } from './listing.ts';
import { MediaCard } from './MediaCard.tsx';

type Media = PropertyMediaRow;

/** `ids` with the one at `from` moved to `to`. */
const moved = (ids: number[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/**
 * A listing's images in their order, the first the default. Dragged onto another image (native drag
 * and drop, decision 47) or moved with the earlier/later buttons (keyboard and touch), an image takes
 * that place; the order is saved with one call and shown at once.
 */
export function ImageOrderList({
  propertyId,
  images,
  onDefault,
  onDelete,
}: {
  propertyId: number;
  images: Media[];
  onDefault: (item: Media) => void;
  onDelete: (item: Media) => void;
}) {
  const reorder = useReorderImages(propertyId);
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const ids = images.map((m) => m.id);
  const label = (m: Media) => m.description || `Image ${m.id}`;

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= ids.length) return;
    setSaid(`${label(images[from]!)} moved to place ${to + 1} of ${ids.length}`);
    reorder.mutate(moved(ids, from, to));
  };

  return (
    <>
      <Box component="ul" aria-label="Images" sx={cardListSx('repeat(auto-fill, minmax(220px, 1fr))')}>
        {images.map((item, index) => (
          <Box
            component="li"
            key={item.id}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(item.id));
              setDragged(item.id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setTarget(null);
            }}
            onDragOver={(e) => {
              if (dragged === null) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setTarget(item.id);
            }}
            onDrop={(e) => {
              if (dragged === null) return;
              e.preventDefault();
              move(ids.indexOf(dragged), index);
              setDragged(null);
              setTarget(null);
            }}
            sx={{
              cursor: 'grab',
              opacity: dragged === item.id ? 0.5 : 1,
              outline: target === item.id && dragged !== item.id ? 2 : 0,
              outlineColor: 'primary.main',
              outlineOffset: 2,
              borderRadius: 1,
            }}
          >
            <MediaCard
              item={item}
              onDefault={() => onDefault(item)}
              onDelete={() => onDelete(item)}
              moves={
                <>
                  <Tooltip title="Move earlier">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${label(item)} earlier`}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowBackIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move later">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${label(item)} later`}
                        disabled={index === images.length - 1 || reorder.isPending}
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowForwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </>
              }
            />
          </Box>
        ))}
      </Box>
      <Box aria-live="polite" sx={SR_ONLY}>
        {said}
      </Box>
    </>
  );
}
