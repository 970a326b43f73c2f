import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Group, NativeSelect, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { api } from '../api/client-instance';
import { ApiError } from '../api/api-client';
import { useSession } from '../auth/session';
import { useI18n, type Lang } from '../i18n/i18n';

/** Login with a distinct message for a wrong password, the rate limit (429) and an expired session. */
export function LoginPage() {
  const { setMe, expired } = useSession();
  const { t, lang, setLang } = useI18n();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api.login(username, password);
      setMe(r.body);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setError(t('login.failed'));
      else if (err instanceof ApiError && err.status === 429) setError(t('login.rateLimited', { seconds: err.retryAfter ?? 60 }));
      else setError(t('login.error', { detail: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" component="main">
      <Paper withBorder p="xl" w={380}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Group justify="space-between">
              <Title order={1} size="h3">{t('login.title')}</Title>
              <NativeSelect aria-label={t('lang.label')} size="xs" value={lang} onChange={(e) => setLang(e.currentTarget.value as Lang)}
                data={[{ value: 'id', label: 'ID' }, { value: 'en', label: 'EN' }]} />
            </Group>
            {expired && !error && <Alert color="yellow" role="status">{t('login.expired')}</Alert>}
            {error && <Alert color="red" role="alert" data-testid="login-error">{error}</Alert>}
            <TextInput label={t('login.username')} name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} required />
            <PasswordInput label={t('login.password')} name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
            <Button type="submit" loading={busy}>{t('login.submit')}</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
