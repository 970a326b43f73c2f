import { Table, Title } from '@mantine/core';
import { useSession } from '../auth/session';
import { useI18n } from '../i18n/i18n';

export function ProfilePage() {
  const { me } = useSession();
  const { t } = useI18n();
  if (!me) return null;
  return (
    <>
      <Title order={2} mb="md">{t('profile.title')}</Title>
      <Table data-testid="profile">
        <Table.Tbody>
          <Table.Tr><Table.Th>{t('users.username')}</Table.Th><Table.Td>{me.username}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('users.fullName')}</Table.Th><Table.Td>{me.fullName ?? '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('users.email')}</Table.Th><Table.Td>{me.email ?? '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('users.role')}</Table.Th><Table.Td>{t(`role.${me.role}`)}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
    </>
  );
}
