import { Route, Routes } from 'react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n/i18n';
import { UsersPage } from './users.page';
import { OrganisationPage } from './organisation.page';
import { CswSettingsPage } from './csw-settings.page';
import { SystemStatusPage } from './system-status.page';
import { HarvestSourcesPage } from './harvest-sources.page';
import { QueuesPage } from './queues.page';

/** The ADMIN screens; the server checks the role on every call, this only avoids offering them to others. */
export function AdminRoutes() {
  const { me } = useSession();
  const { t } = useI18n();
  if (me?.role !== 'ADMIN') return <Alert color="red" role="alert">{t('common.forbidden')}</Alert>;
  return (
    <Routes>
      <Route path="users" element={<UsersPage />} />
      <Route path="organisation" element={<OrganisationPage />} />
      <Route path="csw" element={<CswSettingsPage />} />
      <Route path="status" element={<SystemStatusPage />} />
      <Route path="harvest" element={<HarvestSourcesPage />} />
      <Route path="queues" element={<QueuesPage />} />
    </Routes>
  );
}
