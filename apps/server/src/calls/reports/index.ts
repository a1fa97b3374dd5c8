import { REPORTS, reportApi } from '@app/contract';
import type { AnyCall } from '../registry.ts';
import { reportCall, type ReportSpecs } from './build.ts';
import { directoryReports } from './directories.ts';
import { duplicateReports } from './duplicates.ts';
import { listingReports } from './listings.ts';
import { overviewCall } from './overview.ts';
import { peopleReports } from './people.ts';

const specs: ReportSpecs = {
  ...listingReports,
  ...peopleReports,
  ...directoryReports,
  ...duplicateReports,
};

/** Every report of the catalogue (packages/contract/src/reports.ts) and the overview. */
export const reportCalls: AnyCall[] = [
  ...REPORTS.map((def) => reportCall(def, reportApi[def.call], specs[def.call])),
  overviewCall,
];
