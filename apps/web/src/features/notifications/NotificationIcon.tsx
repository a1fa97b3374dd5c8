import type { SvgIconProps } from '@mui/material/SvgIcon';
import ApartmentIcon from '@mui/icons-material/Apartment';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EmailIcon from '@mui/icons-material/Email';
import GroupsIcon from '@mui/icons-material/Groups';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SwapHorizontalCircleIcon from '@mui/icons-material/SwapHorizontalCircle';

/** The contract's Material Design Icons names as MUI icons. */
const ICONS: Record<string, typeof NotificationsIcon> = {
  'mdi-city': ApartmentIcon,
  'mdi-account-plus': PersonAddIcon,
  'mdi-checkbox-marked-circle': CheckCircleIcon,
  'mdi-close-circle': CancelIcon,
  'mdi-swap-horizontal-circle': SwapHorizontalCircleIcon,
  'mdi-home-edit': EditNoteIcon,
  'mdi-account-edit': ManageAccountsIcon,
  'mdi-account-group': GroupsIcon,
  'mdi-account-check': HowToRegIcon,
  'mdi-email': EmailIcon,
};

/** A notification type's icon. With `label` (the type) it is announced as an image; without, it is decorative. */
export function NotificationIcon({
  icon,
  label,
  ...props
}: { icon: string; label?: string } & Omit<SvgIconProps, 'titleAccess'>) {
  const Icon = ICONS[icon] ?? NotificationsIcon;
  return label ? <Icon titleAccess={label} {...props} /> : <Icon aria-hidden {...props} />;
}
