import { BrowserRouter } from 'react-router';
import { AppProvider } from './AppProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
