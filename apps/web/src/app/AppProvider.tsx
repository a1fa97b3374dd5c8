import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { AlertHost } from './AlertHost.tsx';
import { ThemeSettingsProvider } from './ThemeSettings.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSettingsProvider>
        {children}
        <AlertHost />
      </ThemeSettingsProvider>
    </QueryClientProvider>
  );
}
