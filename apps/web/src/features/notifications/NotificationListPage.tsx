import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { MESSAGES, type Notification } from '@app/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { ServerTable, type ColumnDef } from '../../components/ServerTable.tsx';
import { useUnreadNotifications } from '../../lib/notifications.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  notificationListQuery,
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useSetNotificationStatus,
} from './api.ts';
import { SR_ONLY, relativeTime, useNow } from './display.ts';
import { NOTIFICATION_LIST_PATH, useNotificationPath } from './paths.ts';
import { NotificationIcon } from './NotificationIcon.tsx';

const DEFAULT_SORT = { field: 'created_at', order: 'desc' } as const;
const idOf = (n: Notification) => n.notification_id;
const subjectId = (n: Notification) => `notification-${n.notification_id}-subject`;

/** Type in bold over the subject (which opens the record); unread ones carry a dot and 'Unread'. */
function NotificationCell({ row, onOpen }: { row: Notification; onOpen: (n: Notification) => void }) {
  const unread = row.notification_status === 'Active';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
      <Box
        sx={{
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      {unread && (
        <Box component="span" sx={SR_ONLY}>
          Unread
        </Box>
      )}
      <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
        <Typography variant="caption" component="div" noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {row.notification_type}
        </Typography>
        <Link
          id={subjectId(row)}
          component="button"
          variant="body2"
          underline="hover"
          noWrap
          onClick={() => onOpen(row)}
          title={row.notification_subject}
          sx={{ display: 'block', maxWidth: '100%', textAlign: 'left', fontWeight: unread ? 700 : 400 }}
        >
          {row.notification_subject}
        </Link>
      </Box>
    </Box>
  );
}

/** Settings > Notification: the signed-in user's notifications, newest first. */
export default function NotificationListPage() {
  const navigate = useNavigate();
  const { has } = usePermissions();
  const canDelete = has('Delete Notification');
  const now = useNow();
  const { data: unread } = useUnreadNotifications();
  const setStatus = useSetNotificationStatus(true);
  const markAll = useMarkAllNotificationsRead();
  const deleteNotification = useDeleteNotification();

  // The confirmation keeps its row after closing, so nothing jumps during the closing animation.
  const [deleteAsk, setDeleteAsk] = useState<{ row: Notification; open: boolean } | null>(null);
  const closeDelete = () => setDeleteAsk((a) => a && { ...a, open: false });
  const confirmDelete = async () => {
    if (!deleteAsk) return;
    try {
      await deleteNotification.mutateAsync({ Id: deleteAsk.row.notification_id });
    } catch {
      // alerted by the api client
    }
    closeDelete();
  };

  const { mutate: changeStatus } = setStatus;
  const notificationPath = useNotificationPath();
  const openRecord = useCallback(
    (n: Notification) => {
      if (n.notification_status === 'Active') changeStatus({ notification: n, status: 'Inactive' });
      // A record the viewer may not open leads to this list: the search they are in is kept.
      const path = notificationPath(n);
      if (path !== NOTIFICATION_LIST_PATH) void navigate(path);
    },
    [changeStatus, navigate, notificationPath],
  );

  const columns = useMemo<ColumnDef<Notification>[]>(
    () => [
      {
        field: 'notification_type',
        headerName: 'Type',
        width: 80,
        renderCell: ({ row }) => (
          <NotificationIcon
            icon={row.notification_type_icon}
            label={row.notification_type}
            color="primary"
            sx={{ verticalAlign: 'middle' }}
          />
        ),
      },
      {
        field: 'notification_subject',
        headerName: 'Notification',
        flex: 1,
        minWidth: 240,
        renderCell: ({ row }) => <NotificationCell row={row} onOpen={openRecord} />,
      },
      {
        field: 'created_at',
        headerName: 'Created',
        width: 150,
        renderCell: ({ row }) => (
          <time dateTime={row.created_at} title={formatDateTime(row.created_at)}>
            {relativeTime(row.created_at, now)}
          </time>
        ),
      },
    ],
    [now, openRecord],
  );

  const renderActions = useCallback(
    (row: Notification) => {
      const unreadRow = row.notification_status === 'Active';
      const label = unreadRow ? 'Mark as read' : 'Mark as unread';
      return (
        <>
          <Tooltip title={label} disableInteractive>
            <IconButton
              size="small"
              aria-label={label}
              aria-describedby={subjectId(row)}
              onClick={() => changeStatus({ notification: row, status: unreadRow ? 'Inactive' : 'Active' })}
            >
              {unreadRow ? <MarkEmailReadIcon fontSize="small" /> : <MarkEmailUnreadIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
          <RowActions
            name={row.notification_subject}
            onDelete={canDelete && (() => setDeleteAsk({ row, open: true }))}
          />
        </>
      );
    },
    [canDelete, changeStatus],
  );

  return (
    <>
      <PageHeader
        section="Settings"
        title="Notification"
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            onClick={() => markAll.mutate({})}
            disabled={unread?.count === 0 || markAll.isPending}
          >
            Mark all as read
          </Button>
        }
      />
      <ServerTable<Notification>
        list={notificationListQuery}
        label="Notifications"
        columns={columns}
        defaultSort={DEFAULT_SORT}
        getRowId={idOf}
        renderActions={renderActions}
        actionsWidth={110}
      />
      <ConfirmDialog
        open={!!deleteAsk?.open}
        title="Delete Notification"
        text={MESSAGES.confirmDelete}
        onCancel={closeDelete}
        onConfirm={() => void confirmDelete()}
        busy={deleteNotification.isPending}
      />
    </>
  );
}
