import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { ConsoleRouter, type ConsoleRoutes } from './router';

/** The routes are made in main.tsx, before the first render: see there. */
export function App({ routes }: { routes: ConsoleRoutes }) {
  return (
    <AppProvider>
      <BrowserRouter>
        <ConsoleRouter routes={routes} />
      </BrowserRouter>
    </AppProvider>
  );
}
