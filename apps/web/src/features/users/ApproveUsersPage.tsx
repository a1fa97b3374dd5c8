import { userApi } from '@app/contract';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UserList } from './UserList.tsx';

/** Approve Users (Approvals > Approve User): New and Inactive users; the switch activates, delete removes. */
export default function ApproveUsersPage() {
  return (
    <>
      <PageHeader section="Approvals" title="Approve User" />
      <UserList call={userApi.GetNewUser} label="Users to approve" withDelete />
    </>
  );
}
