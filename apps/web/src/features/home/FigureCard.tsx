import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../lib/format.ts';

/** How a bounded count reads: exact, or '10,000+' past the lists' exact bound. */
export const figureText = (count: number, more = false) => `${formatCount(count)}${more ? '+' : ''}`;

/** One figure: the number, what it counts, and the list it opens (the whole card is the link). */
export function FigureCard({
  figure,
  label,
  note,
  to,
  emphasis = false,
}: {
  figure: string;
  label: string;
  /** A plain-words line under the label ('One place left'). */
  note?: string;
  to: string;
  emphasis?: boolean;
}) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', ...(emphasis && { borderColor: 'warning.main' }) }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, height: '100%' }}>
        <Typography variant="h4" component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {figure}
        </Typography>
        <Typography component="span" sx={{ display: 'block' }}>
          {label}
        </Typography>
        {note && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {note}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

/** The grid the cards sit in: one column at 390 px, more as the screen widens. */
export const figureGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: 2,
  p: 0,
  m: 0,
} as const;
