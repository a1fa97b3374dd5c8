import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ChartsAxisData } from '@mui/x-charts/models';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MESSAGES, OVERVIEW, type ReportsOverview } from '@app/contract';
import { PageHeader } from '../../components/PageHeader.tsx';
import { choiceLink, rangeLink, reportBySlug } from './catalogue.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { useOverview } from './api.ts';

const shortCount = new Intl.NumberFormat('en-PH', { notation: 'compact' });

/** Where each figure leads: the report that lists it, with the matching filter set. */
const LISTINGS = reportBySlug('property-based-broker');
const TRACKING = reportBySlug('property-tracking-report');
const USERS = reportBySlug('user-list');

/** One figure of a chart: its label, its count and the filtered report behind it. */
interface Figure {
  label: string;
  count: number;
  to: string;
}

const CHART_HEIGHT = 260;
/** A chart of horizontal bars: room for each bar and its label. */
const barsHeight = (count: number) => 80 + 36 * Math.max(count, 2);
/** dd/mm of a YYYY-MM-DD day, for week axes. */
const dayMonth = (iso: string) => formatDate(iso).slice(0, 5);
const weekLabel = (w: { week_start: string }) => `Week of ${formatDate(w.week_start)}`;

function figuresOf(data: ReportsOverview) {
  return {
    status: data.by_status.map((s): Figure => ({
      label: s.status,
      count: s.count,
      to: choiceLink(LISTINGS, 'status', s.status),
    })),
    category: data.by_category.map((c): Figure => ({
      label: c.product_category_name,
      count: c.count,
      to: choiceLink(LISTINGS, 'product_category_id', c.product_category_id),
    })),
    listingsWeeks: data.new_listings_per_week.map((w): Figure => ({
      label: weekLabel(w),
      count: w.count,
      to: rangeLink(TRACKING, w.week_start, w.week_end),
    })),
    usersWeeks: data.new_users_per_week.map((w): Figure => ({
      label: weekLabel(w),
      count: w.count,
      to: rangeLink(USERS, w.week_start, w.week_end),
    })),
    provinces: data.top_provinces.map((p): Figure => ({
      label: p.province_name,
      count: p.count,
      to: choiceLink(LISTINGS, 'province_id', p.province_id),
    })),
  };
}

/** Reports Overview: listings and users at a glance; every bar, slice and figure opens its report. */
export default function OverviewPage() {
  const navigate = useNavigate();
  const { palette, breakpoints } = useTheme();
  // A phone has no room for the statuses side by side under their bars: the bars lie down, labels in a column.
  const narrow = useMediaQuery(breakpoints.down('sm'));
  // The theme's colours (light or dark): one for single-series charts, several for the categories.
  const colour = palette.primary.main;
  const colours = [
    colour,
    palette.success.main,
    palette.warning.main,
    palette.info.main,
    palette.error.main,
    palette.secondary.main,
  ];
  const query = useOverview();

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status" aria-label={MESSAGES.loading}>
        <CircularProgress aria-hidden />
      </Box>
    );
  else if (query.isError || !query.data)
    body = (
      <Paper sx={{ p: 4 }}>
        <Typography>{MESSAGES.somethingWrong}</Typography>
      </Paper>
    );
  else {
    const f = figuresOf(query.data);
    const open = (figures: Figure[], index: number | undefined) => {
      const to = index === undefined ? undefined : figures[index]?.to;
      if (to) void navigate(to);
    };
    const onAxis = (figures: Figure[]) => (_: unknown, d: ChartsAxisData | null) =>
      open(figures, d?.dataIndex);
    const counts = (figures: Figure[]) => figures.map((x) => x.count);
    // Ticks in short form (400K, 1.2M), which fit the axis; the tooltip keeps the whole number.
    const countAxis = {
      tickMinStep: 1,
      valueFormatter: (value: number, context: { location: string }) =>
        context.location === 'tick' ? shortCount.format(value) : formatCount(value),
    };
    // Every week is labelled, slanted so twelve dates stay apart even on a phone; the axis grows to fit.
    const weeks = (data: { week_start: string }[]) => ({
      scaleType: 'band' as const,
      data: data.map((w) => dayMonth(w.week_start)),
      tickLabelInterval: () => true,
      tickLabelStyle: { angle: -60, fontSize: 11, textAnchor: 'end' as const },
      height: 'auto' as const,
    });
    const statuses = { scaleType: 'band' as const, data: f.status.map((x) => x.label) };

    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ChartCard id="by-status" heading="Listings by status" figures={f.status}>
          <BarChart
            height={narrow ? barsHeight(f.status.length) : CHART_HEIGHT}
            layout={narrow ? 'horizontal' : 'vertical'}
            xAxis={[narrow ? countAxis : statuses]}
            yAxis={[narrow ? { ...statuses, width: 'auto' } : countAxis]}
            series={[{ data: counts(f.status), label: 'Listings', color: colour }]}
            hideLegend
            onAxisClick={onAxis(f.status)}
          />
        </ChartCard>
        <ChartCard id="by-category" heading="Listings by category" figures={f.category}>
          <PieChart
            height={CHART_HEIGHT}
            colors={colours}
            series={[
              {
                data: f.category.map((x, i) => ({ id: i, value: x.count, label: x.label })),
                innerRadius: 50,
                paddingAngle: 1,
                cornerRadius: 4,
                highlightScope: { fade: 'global', highlight: 'item' },
              },
            ]}
            onItemClick={(_, item) => open(f.category, item.dataIndex)}
          />
        </ChartCard>
        <ChartCard
          id="new-listings"
          heading={`New listings per week (last ${OVERVIEW.weeks} weeks)`}
          figures={f.listingsWeeks}
        >
          <BarChart
            height={CHART_HEIGHT}
            xAxis={[weeks(query.data.new_listings_per_week)]}
            yAxis={[countAxis]}
            series={[{ data: counts(f.listingsWeeks), label: 'New listings', color: colour }]}
            hideLegend
            onAxisClick={onAxis(f.listingsWeeks)}
          />
        </ChartCard>
        <ChartCard
          id="new-users"
          heading={`New users per week (last ${OVERVIEW.weeks} weeks)`}
          figures={f.usersWeeks}
        >
          <LineChart
            height={CHART_HEIGHT}
            xAxis={[{ ...weeks(query.data.new_users_per_week), scaleType: 'point' }]}
            yAxis={[countAxis]}
            series={[
              { data: counts(f.usersWeeks), label: 'New users', area: true, curve: 'linear', color: colour },
            ]}
            sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.25 } }}
            hideLegend
            onAxisClick={onAxis(f.usersWeeks)}
          />
        </ChartCard>
        <ChartCard id="top-provinces" heading="Top provinces by listings" figures={f.provinces} wide>
          <BarChart
            height={barsHeight(f.provinces.length)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: f.provinces.map((x) => x.label), width: 140 }]}
            xAxis={[countAxis]}
            series={[{ data: counts(f.provinces), label: 'Listings', color: colour }]}
            hideLegend
            onAxisClick={onAxis(f.provinces)}
          />
        </ChartCard>
      </Box>
    );
  }

  return (
    <>
      <PageHeader section="Reports" title={OVERVIEW.title} />
      {body}
    </>
  );
}

/**
 * A chart with its heading and, under it, its figures as links: the way in for keyboard and
 * screen-reader users (the chart itself is for the mouse).
 */
function ChartCard({
  id,
  heading,
  figures,
  wide = false,
  children,
}: {
  id: string;
  heading: string;
  figures: Figure[];
  wide?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, minWidth: 0, gridColumn: wide ? { lg: '1 / -1' } : undefined }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {heading}
      </Typography>
      <Box sx={{ cursor: 'pointer' }}>{children}</Box>
      {figures.length === 0 ? (
        <Typography color="text.secondary">{MESSAGES.noData}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={`${heading}: figures`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, columnGap: 2, listStyle: 'none', m: 0, p: 0 }}
        >
          {figures.map((x) => (
            <li key={x.to}>
              <Link component={RouterLink} to={x.to} variant="body2">
                {x.label}: {formatCount(x.count)}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
