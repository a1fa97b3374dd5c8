import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { guardHistorySteps } from './lib/leave-guard.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

guardHistorySteps();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
