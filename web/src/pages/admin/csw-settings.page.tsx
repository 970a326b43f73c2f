import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Code, Paper, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { ApiError } from '../../api/api-client';
import { useI18n } from '../../i18n/i18n';
import { adminApi } from './use-admin';

const FIELDS = ['title', 'abstract', 'providerName', 'individualName', 'positionName', 'voice', 'electronicMailAddress', 'hoursOfService', 'contactInstructions', 'role'] as const;

/** Escapes text for the preview, which shows the identity as GetCapabilities will carry it. */
const x = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The CSW service identity (ten fields) with a live preview of its GetCapabilities XML. A 403 (service administrators only, on some deployments) is shown, not thrown. */
export function CswSettingsPage() {
  const { t } = useI18n();
  const [v, setV] = useState<Record<string, string> | null>(null);
  const [external, setExternal] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    adminApi.cswSettings().then((r) => {
      setExternal(r.body.provider === 'external');
      setV(Object.fromEntries(FIELDS.map((f) => [f, String(r.body[f] ?? '')])));
    }, (e: unknown) => setMsg({ ok: false, text: e instanceof ApiError && e.status === 403 ? t('common.forbidden') : String(e) }));
  }, [t]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!v) return;
    try { await adminApi.saveCsw(v); setMsg({ ok: true, text: t('csw.saved') }); } catch (err) {
      setMsg({ ok: false, text: err instanceof ApiError ? [err.detail ?? err.title, ...err.errors.map((y) => `${y.path}: ${y.message}`)].join(' — ') : String(err) });
    }
  };
  return (
    <Stack>
      <Title order={2}>{t('csw.title')}</Title>
      {msg && <Alert color={msg.ok ? 'green' : 'red'} role={msg.ok ? 'status' : 'alert'}>{msg.text}</Alert>}
      {external && <Alert color="yellow">{t('csw.restart')}</Alert>}
      {v && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md" component="form" onSubmit={save}>
            <Stack gap="xs">
              {FIELDS.map((f) => (f === 'abstract'
                ? <Textarea key={f} label={f} value={v[f]} onChange={(e) => setV({ ...v, [f]: e.currentTarget.value })} disabled={external} autosize />
                : <TextInput key={f} label={f} value={v[f]} onChange={(e) => setV({ ...v, [f]: e.currentTarget.value })} disabled={external} />))}
              {!external && <Button type="submit">{t('csw.save')}</Button>}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Title order={3} size="h5" mb="xs">{t('csw.preview')}</Title>
            <Code block tabIndex={0} aria-label={t('csw.preview')} data-testid="csw-preview">{`<ows:ServiceIdentification>
  <ows:Title>${x(v.title ?? '')}</ows:Title>
  <ows:Abstract>${x(v.abstract ?? '')}</ows:Abstract>
  <ows:ServiceType>CSW</ows:ServiceType>
  <ows:ServiceTypeVersion>2.0.2</ows:ServiceTypeVersion>
</ows:ServiceIdentification>
<ows:ServiceProvider>
  <ows:ProviderName>${x(v.providerName ?? '')}</ows:ProviderName>
  <ows:ServiceContact>
    <ows:IndividualName>${x(v.individualName ?? '')}</ows:IndividualName>
    <ows:PositionName>${x(v.positionName ?? '')}</ows:PositionName>
    <ows:ContactInfo>
      <ows:Phone><ows:Voice>${x(v.voice ?? '')}</ows:Voice></ows:Phone>
      <ows:Address><ows:ElectronicMailAddress>${x(v.electronicMailAddress ?? '')}</ows:ElectronicMailAddress></ows:Address>
      <ows:HoursOfService>${x(v.hoursOfService ?? '')}</ows:HoursOfService>
      <ows:ContactInstructions>${x(v.contactInstructions ?? '')}</ows:ContactInstructions>
    </ows:ContactInfo>
    <ows:Role>${x(v.role ?? '')}</ows:Role>
  </ows:ServiceContact>
</ows:ServiceProvider>`}</Code>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
