import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ADD_USER_PATH } from '../../lib/paths.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { whenOnline } from '../../lib/online.ts';
import { userListQuery, type UserRow } from './api.ts';
import { UserList } from './UserList.tsx';

/** Users list (Entity > Users): status switch per role permission, edit leads to the user form. */
export default function UsersPage() {
  const { has } = usePermissions();
  const navigate = useNavigate();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const onEdit = useCallback(
    (row: UserRow) => void navigate(`${ADD_USER_PATH}?userId=${row.user_id}`),
    [navigate],
  );
  const openAdd = whenOnline(() => void navigate(ADD_USER_PATH));

  const addButton =
    has('Add User') &&
    (small ? (
      <IconButton aria-label="Add User" onClick={openAdd} color="primary">
        <AddIcon />
      </IconButton>
    ) : (
      <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
        Add
      </Button>
    ));

  return (
    <>
      <PageHeader section="Entity" title="Users" actions={addButton} />
      <UserList list={userListQuery} label="Users" onEdit={onEdit} />
    </>
  );
}
