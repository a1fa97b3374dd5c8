import { PageHeader } from '../../components/PageHeader.tsx';
import { newUserListQuery } from './api.ts';
import { UserList } from './UserList.tsx';

/** Approve Users (Approvals > Approve User): New and Inactive users; the switch activates, delete removes. */
export default function ApproveUsersPage() {
  return (
    <>
      <PageHeader section="Approvals" title="Approve User" />
      <UserList list={newUserListQuery} label="Users to approve" withDelete />
    </>
  );
}
