import { useQuery } from '@tanstack/react-query';
import { overviewApi, OVERVIEW, reportCallOf, type AnswerOf, type ReportDefinition } from '@app/contract';
import { callQuery, listQuery } from '../../lib/queries.ts';
import type { ReportRow } from './columns.tsx';

/** A report of the catalogue as a paged list (its filters are the table's extra params). */
export const reportListQuery = (def: ReportDefinition) => listQuery<ReportRow>(reportCallOf(def));

/** getReportsOverview. */
const OVERVIEW_CALL = overviewApi[OVERVIEW.call];

/** The overview's figures; a body that is not JSON reads as null (apiGet): no data, as a failure shows. */
export const overviewQuery = () =>
  callQuery(OVERVIEW_CALL, {}, { read: (r: AnswerOf<typeof OVERVIEW_CALL> | null) => r?.resultData ?? null });
export const useOverview = () => useQuery(overviewQuery());
