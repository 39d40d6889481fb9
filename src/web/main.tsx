import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './lib/query-client';
import { createRealtimeClient, RealtimeProvider } from './lib/realtime';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
// Created here, once, rather than in a component: StrictMode's double effects
// would otherwise open and drop a second socket.
const realtime = createRealtimeClient({ queryClient, whileSignedIn: true });
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>
        <RouterProvider router={router} />
      </RealtimeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
