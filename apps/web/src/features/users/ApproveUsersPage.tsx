import { useMemo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { PageHeader } from '../../components/PageHeader.tsx';
import { APPROVABLE_PARAM } from '../../lib/paths.ts';
import { useUrlFlag, useUrlParams } from '../../lib/url-state.ts';
import { newUserListQuery } from './api.ts';
import { UserList } from './UserList.tsx';

/** A click of the box goes back to page 1. */
const PAGE_ONE = { page: null };

/**
 * Approve Users (Approvals > Approve User): New and Inactive users; the switch activates, delete removes.
 * "Only those I can approve" (in the URL, as Home's users figure links to it) leaves out the users whose
 * role the viewer may not approve, so the list's total is that figure (decision 98). The box shows a
 * click at once, the list asking for it as the URL follows.
 */
export default function ApproveUsersPage() {
  const [, update] = useUrlParams();
  const [approvable, setApprovable] = useUrlFlag(APPROVABLE_PARAM, update, PAGE_ONE);
  const extraParams = useMemo(() => (approvable ? { [APPROVABLE_PARAM]: 1 } : undefined), [approvable]);
  return (
    <>
      <PageHeader section="Approvals" title="Approve User" />
      <FormControlLabel
        sx={{ mb: 1 }}
        label="Only those I can approve"
        control={<Checkbox checked={approvable} onChange={(e) => setApprovable(e.target.checked)} />}
      />
      <UserList list={newUserListQuery} label="Users to approve" withDelete extraParams={extraParams} />
    </>
  );
}
