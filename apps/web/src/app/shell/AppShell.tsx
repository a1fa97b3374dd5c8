import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { MESSAGES } from '@app/contract';
import { useSession } from '../../lib/auth.ts';
import { useNotificationStream } from '../../lib/notifications.ts';
import { Footer } from './Footer.tsx';
import { HomeRoutes } from './HomeRoutes.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

const DRAWER_WIDTH = 280;

function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status" aria-label={MESSAGES.loading}>
      <CircularProgress aria-hidden />
    </Box>
  );
}

/** Top bar, side menu, page area and footer around every /home page. */
export default function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  // The tab's one notification stream, open while signed in (this shell only shows then).
  const { data: session } = useSession();
  useNotificationStream(session?.userData.user_id);
  const drawerPaper = { '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar onMenuClick={() => setMobileOpen(true)} />
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {/* Small screens: a temporary drawer; wide screens: a permanent one. Only one is rendered. */}
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, ...drawerPaper }}
        >
          <Toolbar />
          {mobileOpen && <SideMenu onNavigate={() => setMobileOpen(false)} />}
        </Drawer>
        <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, ...drawerPaper }}>
          <Toolbar />
          <SideMenu />
        </Drawer>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <OfflineBanner />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          <Suspense fallback={<PageLoader />}>
            <HomeRoutes />
          </Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
