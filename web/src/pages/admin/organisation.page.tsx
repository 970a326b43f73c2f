import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { ApiError } from '../../api/api-client';
import { useI18n } from '../../i18n/i18n';
import { adminApi } from './use-admin';

/** The allowLintasOrgReviewer switch with the pre-flight counts; switching off over live assignments asks first. */
export function OrganisationPage() {
  const { t } = useI18n();
  const [org, setOrg] = useState<{ name: string; allowLintasOrgReviewer: boolean } | null>(null);
  const [counts, setCounts] = useState<{ draft: number; pending: number; total: number } | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const reload = useCallback(async () => {
    setOrg((await adminApi.organisation()).body);
    setCounts((await adminApi.lintasCheck()).body);
  }, []);
  useEffect(() => { void reload(); }, [reload]);
  async function set(allow: boolean, force: boolean) {
    try {
      await adminApi.setLintas(allow, force);
      setConfirm(false);
      setMsg({ ok: true, text: t('org.saved') });
      await reload();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && !allow) { setConfirm(true); return; }
      setMsg({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  }
  if (!org) return null;
  return (
    <Stack>
      <Title order={2}>{t('org.title')}: {org.name}</Title>
      {msg && <Alert color={msg.ok ? 'green' : 'red'} role={msg.ok ? 'status' : 'alert'}>{msg.text}</Alert>}
      <Paper withBorder p="md">
        <Switch label={t('org.allowLintas')} checked={org.allowLintasOrgReviewer} data-testid="lintas-switch"
          onChange={(e) => {
            const allow = e.currentTarget.checked;
            if (!allow && (counts?.total ?? 0) > 0) setConfirm(true); else void set(allow, false);
          }} />
        {counts && <Text size="sm" mt="sm" data-testid="lintas-counts">{t('org.counts', counts)}</Text>}
      </Paper>
      <Modal closeButtonProps={{ 'aria-label': t('conflict.close') }} opened={confirm} onClose={() => setConfirm(false)} title={t('org.forceTitle')}>
        <Text>{t('org.forceBody', { total: counts?.total ?? 0 })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(false)}>{t('transition.cancel')}</Button>
          <Button color="#b02525" onClick={() => void set(false, true)}>{t('org.forceConfirm')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
