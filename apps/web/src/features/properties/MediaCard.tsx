import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import StarIcon from '@mui/icons-material/Star';
import type { ReactNode } from 'react';
import type { PropertyMediaRow } from '@app/contract';

type Media = PropertyMediaRow;

const isDefault = (m: Media) => m.isDefault === 1;

/** An image (with Make default, unless it is the default) or a video link, with Delete (and `moves`). */
export function MediaCard({
  item,
  onDefault,
  onDelete,
  moves,
}: {
  item: Media;
  onDefault: () => void;
  onDelete: () => void;
  /** Buttons that move the image earlier or later in the listing's order. */
  moves?: ReactNode;
}) {
  const label = item.description || `${item.type} ${item.id}`;
  return (
    <Card variant="outlined" component="article" aria-label={label}>
      {item.type === 'Image' ? (
        <Box
          component="img"
          src={item.thumbnail || item.images_video}
          alt={item.description}
          draggable={false}
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
      <CardActions sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        {item.type === 'Image' &&
          (isDefault(item) ? (
            <Chip icon={<StarIcon />} label="Default" color="primary" size="small" />
          ) : (
            <Button
              size="small"
              onClick={onDefault}
              aria-label={`Make default ${label}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Make default
            </Button>
          ))}
        {moves}
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
