import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { ApiError } from '../../api/api-client';
import { useI18n } from '../../i18n/i18n';
import { adminApi } from './use-admin';

/** SMTP, WhatsApp gateway, object store and CSW, probed by the server when the page asks (refresh on demand). */
export function SystemStatusPage() {
  const { t } = useI18n();
  const [status, setStatus] = useState<Record<string, Record<string, unknown>> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(async () => {
    setBusy(true);
    try { setStatus((await adminApi.status()).body); setError(null); } catch (e) {
      setError(e instanceof ApiError && e.status === 403 ? t('common.forbidden') : String(e));
    } finally { setBusy(false); }
  }, [t]);
  useEffect(() => { void refresh(); }, [refresh]);
  return (
    <Stack>
      <Group justify="space-between"><Title order={2}>{t('status.title')}</Title><Button onClick={() => void refresh()} loading={busy}>{t('status.refresh')}</Button></Group>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {status && (
        <Table data-testid="system-status">
          <Table.Tbody>
            {Object.entries(status).filter(([, v]) => v && typeof v === 'object').map(([name, v]) => {
              const ok = v.connected === true || v.healthy === true;
              const off = v.configured === false;
              return (
                <Table.Tr key={name}>
                  <Table.Th>{name}</Table.Th>
                  <Table.Td><Badge color={off ? '#495057' : ok ? '#2b6a1f' : '#b02525'}>{off ? t('status.notConfigured') : ok ? t('status.ok') : t('status.down')}</Badge></Table.Td>
                  <Table.Td>{typeof v.detail === 'string' ? v.detail : typeof v.provider === 'string' ? v.provider : ''}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
