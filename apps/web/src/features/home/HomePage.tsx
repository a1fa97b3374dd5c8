import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  OVERVIEW,
  RENTALS_EXPIRING_DAYS,
  type HomeFigureKey,
  type HomeSummary,
} from '@app/contract';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { APPROVABLE_USERS_PATH, HOME, propertyListPath } from '../../lib/paths.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { useHomeSummary } from './api.ts';
import { FigureCard, figureGridSx, figureText } from './FigureCard.tsx';
import { LatestNotifications } from './LatestNotifications.tsx';

/** Each waiting figure's words and the filtered list it opens (the users: those the caller may approve). */
const FIGURES: Record<HomeFigureKey, { label: string; to: string }> = {
  users_to_approve: { label: 'Users to approve', to: APPROVABLE_USERS_PATH },
  pending_listings: { label: 'Listings pending', to: propertyListPath({ status: 'Pending' }) },
  suspended_listings: { label: 'Listings suspended', to: propertyListPath({ status: 'Suspended' }) },
  rentals_expiring: {
    label: `Rentals expiring in ${RENTALS_EXPIRING_DAYS} days`,
    to: propertyListPath({ rental_expires_within: RENTALS_EXPIRING_DAYS }),
  },
};

const OVERVIEW_PATH = `${HOME}/reports/${OVERVIEW.slug}`;

function Section({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}

function openLimitNote(limit: NonNullable<HomeSummary['open_limit']>): string {
  const left = limit.limit - limit.open;
  if (left <= 0) return 'Limit reached: sell or archive one to add another';
  return left === 1 ? 'One place left' : `${left} places left`;
}

function Waiting({ summary }: { summary: HomeSummary }) {
  const { figures, open_limit: limit } = summary;
  if (figures.length === 0 && !limit)
    return <Typography>Nothing waits for you here: your role has no lists to watch.</Typography>;
  const allZero = figures.every((f) => f.count === 0) && !limit?.near;
  return (
    <>
      {allZero && figures.length > 0 && (
        <Typography sx={{ mb: 1.5 }}>Nothing is waiting for you right now.</Typography>
      )}
      <Box component="ul" aria-label="Waiting for you" sx={figureGridSx}>
        {figures.map((f) => (
          <FigureCard
            key={f.key}
            figure={figureText(f.count, f.more)}
            label={FIGURES[f.key].label}
            to={FIGURES[f.key].to}
            emphasis={f.count > 0}
          />
        ))}
        {limit && (
          <FigureCard
            figure={`${formatOf(limit.open)} of ${formatOf(limit.limit)}`}
            label="Your open listings"
            note={openLimitNote(limit)}
            to={propertyListPath({ own_open: true })}
            emphasis={limit.near}
          />
        )}
      </Box>
    </>
  );
}

const formatOf = (n: number) => figureText(n);

function Overview({ overview }: { overview: NonNullable<HomeSummary['overview']> }) {
  const { has } = usePermissions();
  const mayList = has('Property List');
  return (
    <Box component="ul" aria-label="Listings by status" sx={figureGridSx}>
      {overview.map((s) => (
        <FigureCard
          key={s.status}
          figure={figureText(s.count)}
          label={`${s.status} listings`}
          to={mayList ? propertyListPath({ status: s.status }) : OVERVIEW_PATH}
        />
      ))}
    </Box>
  );
}

/** /home: what waits for the user, by role, each figure a link to its filtered list (decision 45). */
export default function HomePage() {
  const { data, isPending, isError, error, refetch } = useHomeSummary();
  return (
    <>
      <PageHeader section="Dashboard" title="Home" />
      {isError ? (
        <Paper sx={{ p: 2 }}>
          <LoadFailed error={error} onRetry={() => void refetch()} what="home page" />
        </Paper>
      ) : isPending ? (
        <Box
          sx={{ display: 'grid', placeItems: 'center', py: 8 }}
          role="status"
          aria-label={MESSAGES.loading}
        >
          <CircularProgress />
        </Box>
      ) : (
        <>
          <Section id="home-waiting" heading="Waiting for you">
            <Waiting summary={data} />
          </Section>
          {data.overview && (
            <Section id="home-overview" heading="Overview">
              <Overview overview={data.overview} />
            </Section>
          )}
          {data.notifications && (
            <Section id="home-notifications" heading="Latest notifications">
              <LatestNotifications notifications={data.notifications} />
            </Section>
          )}
        </>
      )}
    </>
  );
}
