import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { NOTIFICATION_POPUP, type Notification } from '@app/contract';
import { useUnreadNotifications } from '../../lib/notifications.ts';
import { whenLeaving } from '../../lib/leave-guard.ts';
import { useSetNotificationStatus } from './api.ts';
import { SR_ONLY, relativeTime, useNow } from './display.ts';
import { NOTIFICATION_LIST_PATH, useNotificationPath } from './paths.ts';
import { NotificationIcon } from './NotificationIcon.tsx';

/** The popup's card: the unread notifications, newest first, then Cancel and Show All. */
function UnreadCard({
  titleId,
  items,
  count,
  onOpen,
  onClose,
  onShowAll,
}: {
  titleId: string;
  items: readonly Notification[];
  count: number;
  onOpen: (n: Notification) => void;
  onClose: () => void;
  onShowAll: () => void;
}) {
  const now = useNow();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Notifications
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count} unread
        </Typography>
      </Box>
      <Divider />
      {items.length === 0 ? (
        <Typography sx={{ px: 2, py: 3 }} color="text.secondary">
          No unread notifications
        </Typography>
      ) : (
        <List
          aria-labelledby={titleId}
          disablePadding
          sx={{ maxHeight: NOTIFICATION_POPUP.maxHeight, overflowY: 'auto' }}
        >
          {items.map((n) => (
            <ListItem key={n.notification_id} divider disablePadding>
              <ListItemButton onClick={() => onOpen(n)} alignItems="flex-start">
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                    <NotificationIcon icon={n.notification_type_icon} />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={n.notification_subject}
                  secondary={
                    <>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {n.notification_type}
                      </Box>
                      {' · '}
                      <time dateTime={n.created_at}>{relativeTime(n.created_at, now)}</time>
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 1.5 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onShowAll}>
          Show All
        </Button>
      </Box>
    </>
  );
}

/** The top bar's bell: the unread count as a badge; the popup lists the newest unread notifications. */
export function NotificationBell() {
  const navigate = useNavigate();
  const { data } = useUnreadNotifications();
  const markRead = useSetNotificationStatus();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const count = data?.count ?? 0;
  // The badge's text is part of the button's name, so the name says what the badge shows.
  const shown = count > 99 ? '99+' : String(count);

  // A rising count is announced to screen readers (the badge alone is silent).
  const [seenCount, setSeenCount] = useState<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  if (data && data.count !== seenCount) {
    if (seenCount !== undefined && data.count > seenCount) {
      setAnnouncement(`New notification. ${data.count} unread notifications`);
    }
    setSeenCount(data.count);
  }

  const notificationPath = useNotificationPath();
  const close = () => setAnchor(null);
  const open = (n: Notification) => {
    markRead.mutate({ notification: n, status: 'Inactive' });
    close();
    whenLeaving(() => void navigate(notificationPath(n)));
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={count ? `Notifications, ${shown} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `${id}-popup` : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {/* No badge at all for none: a hidden '0' would still be text of the button. */}
        {count ? (
          <Badge badgeContent={shown} color="error">
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      <Box sx={SR_ONLY} aria-live="polite">
        {announcement}
      </Box>
      <Popover
        id={`${id}-popup`}
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': `${id}-title`,
            sx: { width: NOTIFICATION_POPUP.cardWidth, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <UnreadCard
          titleId={`${id}-title`}
          items={data?.resultData ?? []}
          count={count}
          onOpen={open}
          onClose={close}
          onShowAll={() => {
            close();
            whenLeaving(() => void navigate(NOTIFICATION_LIST_PATH));
          }}
        />
      </Popover>
    </>
  );
}
