import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createTheme, MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import './app.css';
import { I18nProvider } from './i18n/i18n';
import { SessionProvider } from './auth/session';
import { AppRoutes } from './app-routes';

// darker shades than Mantine's defaults: white text on them meets WCAG AA contrast (axe in the browser tests)
// respectReducedMotion: a user who asked the system for less motion gets dialogs and menus without
// their fade and scale transitions (WCAG 2.3.3); the browser tests ask for it too, so axe never
// measures a dialog's text while it is still fading in
const theme = createTheme({ primaryShade: 8, respectReducedMotion: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <I18nProvider>
        <SessionProvider>
          <BrowserRouter basename="/app">
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </I18nProvider>
    </MantineProvider>
  </StrictMode>,
);
