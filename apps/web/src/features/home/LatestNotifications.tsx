import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Notification } from '@app/contract';
import { formatDateTime } from '../../lib/format.ts';
import { NOTIFICATION_LIST_PATH } from '../../lib/paths.ts';
import { useNotificationPath } from '../../lib/record-pages.ts';

/** The newest notifications, each a link to what it concerns, and a link to all of them. */
export function LatestNotifications({ notifications }: { notifications: readonly Notification[] }) {
  const notificationPath = useNotificationPath();
  return (
    <>
      {notifications.length === 0 ? (
        <Typography>You have no notifications.</Typography>
      ) : (
        <List dense disablePadding aria-label="Latest notifications">
          {notifications.map((n) => (
            <ListItem key={n.notification_id} divider disablePadding>
              <ListItemButton component={RouterLink} to={notificationPath(n)}>
                <ListItemText
                  primary={n.notification_subject}
                  slotProps={{
                    primary: { sx: { fontWeight: n.notification_status === 'Active' ? 600 : 400 } },
                  }}
                  secondary={
                    <>
                      {n.notification_status === 'Active' && 'Unread · '}
                      {n.notification_type}
                      {' · '}
                      <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ mt: 1.5 }}>
        <Link component={RouterLink} to={NOTIFICATION_LIST_PATH}>
          All notifications
        </Link>
      </Box>
    </>
  );
}
