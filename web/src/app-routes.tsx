import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useSession } from './auth/session';
import { LoginPage } from './pages/login.page';
import { Shell } from './layout/shell';
import { DashboardPage } from './pages/dashboard.page';
import { RecordsListPage } from './pages/records-list.page';

// the editor (form, map, world outlines) and the admin screens load only when opened
const RecordPage = lazy(() => import('./pages/record.page').then((m) => ({ default: m.RecordPage })));
const NewRecordPage = lazy(() => import('./pages/new-record.page').then((m) => ({ default: m.NewRecordPage })));
const ImportPage = lazy(() => import('./pages/import.page').then((m) => ({ default: m.ImportPage })));
const AccountPage = lazy(() => import('./pages/account/account.page').then((m) => ({ default: m.AccountPage })));
const ContactsPage = lazy(() => import('./pages/contacts/contacts.page').then((m) => ({ default: m.ContactsPage })));
const AdminPages = lazy(() => import('./pages/admin/admin-routes').then((m) => ({ default: m.AdminRoutes })));

const busy = <Center p="xl"><Loader aria-label="…" /></Center>;

export function AppRoutes() {
  const { me } = useSession();
  if (me === undefined) return busy;
  if (me === null) {
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<LoginPage />} />
      </Routes>
    );
  }
  return (
    <Shell>
      <Suspense fallback={busy}>
        <Routes>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="/records" element={<RecordsListPage mode="all" />} />
          <Route path="/review" element={<RecordsListPage mode="review" />} />
          <Route path="/records/new" element={<NewRecordPage />} />
          <Route path="/import" element={<ImportPage />} />
          <Route path="/records/:id/*" element={<RecordPage />} />
          <Route path="/contacts" element={<ContactsPage />} />
          <Route path="/admin/*" element={<AdminPages />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/profile" element={<Navigate to="/account" replace />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </Shell>
  );
}
