import type { ReactNode } from 'react';
import { NavLink as RouterLink } from 'react-router';
import { AppShell, Anchor, Button, Group, NavLink, NativeSelect, Text, Title } from '@mantine/core';
import { useSession } from '../auth/session';
import { useI18n, type Lang } from '../i18n/i18n';
import type { TextKey } from '../i18n/translate';
import type { Role } from '../api/records.api';

interface NavItem { to: string; key: TextKey; roles: Role[]; serviceAdmin?: boolean }

const NAV: NavItem[] = [
  { to: '/', key: 'nav.dashboard', roles: ['PRODUSEN', 'QCQE', 'ADMIN'] },
  { to: '/records', key: 'nav.records', roles: ['PRODUSEN', 'QCQE', 'ADMIN'] },
  { to: '/records/new', key: 'nav.new', roles: ['PRODUSEN', 'ADMIN'] },
  { to: '/import', key: 'nav.import', roles: ['PRODUSEN', 'ADMIN'] },
  { to: '/review', key: 'nav.review', roles: ['QCQE', 'ADMIN'] },
  // every member reads the directory (the editor picks from it); its ADMIN changes it
  { to: '/contacts', key: 'nav.contacts', roles: ['PRODUSEN', 'QCQE', 'ADMIN'] },
  { to: '/admin/users', key: 'nav.users', roles: ['ADMIN'] },
  { to: '/admin/organisation', key: 'nav.organisation', roles: ['ADMIN'] },
  { to: '/admin/harvest', key: 'nav.harvest', roles: ['ADMIN'] },
  // the service itself (its CSW identity, shared components, queues) belongs to the service
  // administrator, not to every organisation's ADMIN: the API answers 403 to the others
  { to: '/admin/csw', key: 'nav.csw', roles: ['ADMIN'], serviceAdmin: true },
  { to: '/admin/status', key: 'nav.status', roles: ['ADMIN'], serviceAdmin: true },
  // the queues' state inside the app in both modes (server mode links on to bull-board from there)
  { to: '/admin/queues', key: 'nav.queues', roles: ['ADMIN'], serviceAdmin: true },
  { to: '/account', key: 'nav.account', roles: ['PRODUSEN', 'QCQE', 'ADMIN'] },
];

export function Shell({ children }: { children: ReactNode }) {
  const { me, logout } = useSession();
  const { t, lang, setLang } = useI18n();
  if (!me) return null;
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <Anchor href="#main" className="skip-link">{t('app.skip')}</Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} size="h4">{t('app.title')}</Title>
          <Group gap="sm">
            <Text size="sm" data-testid="whoami">{me.fullName ?? me.username} · {t(`role.${me.role}` as TextKey)}</Text>
            <NativeSelect
              aria-label={t('lang.label')}
              size="xs"
              value={lang}
              onChange={(e) => setLang(e.currentTarget.value as Lang)}
              data={[{ value: 'id', label: 'Bahasa Indonesia' }, { value: 'en', label: 'English' }]}
            />
            <Button size="xs" variant="default" onClick={() => void logout()}>{t('nav.logout')}</Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Navigasi">
        {NAV.filter((n) => n.roles.includes(me.role) && (!n.serviceAdmin || me.serviceAdmin === true)).map((n) => (
          <NavLink key={n.to} component={RouterLink} to={n.to} end={n.to === '/' || n.to === '/records'} label={t(n.key)} />))}
      </AppShell.Navbar>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
