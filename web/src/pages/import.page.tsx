import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, FileButton, List, Stack, Text, Title } from '@mantine/core';
import { api } from '../api/client-instance';
import { ApiError } from '../api/api-client';
import type { RecordView } from '../api/records.api';
import { useI18n } from '../i18n/i18n';

/** Import an ISO 19139 / 19115-3 / csw:Record file by drag and drop; the mapping's warnings are shown. */
export function ImportPage() {
  const { t } = useI18n();
  const [over, setOver] = useState(false);
  const [result, setResult] = useState<{ file: string; rec: RecordView } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    setResult(null);
    try {
      const r = await api.importXml(await file.text());
      setResult({ file: file.name, rec: r.body });
    } catch (e) {
      setError(e instanceof ApiError ? [e.detail ?? e.title, ...e.errors.map((x) => `${x.path}: ${x.message}`)].join(' — ') : String(e));
    }
  }
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const f = e.dataTransfer.files[0];
    if (f) void send(f);
  };

  return (
    <Stack>
      <Title order={2}>{t('import.title')}</Title>
      <div className={`dropzone${over ? ' over' : ''}`} data-testid="dropzone"
        onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}>
        <Text mb="sm">{t('import.drop')}</Text>
        <FileButton accept=".xml,application/xml,text/xml" onChange={(f) => f && void send(f)}>
          {(props) => <Button {...props}>{t('import.choose')}</Button>}
        </FileButton>
      </div>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {result && (
        <Alert color="green" role="status" data-testid="import-result">
          <Text>{t('import.done', { file: result.file })}</Text>
          {(result.rec.importWarnings ?? []).length > 0 && (
            <>
              <Text fw={600} mt="xs">{t('import.warnings')}</Text>
              <List size="sm" data-testid="import-warnings">{result.rec.importWarnings!.map((w, i) => <List.Item key={i}>{w}</List.Item>)}</List>
            </>
          )}
          <Anchor component={Link} to={`/records/${encodeURIComponent(result.rec.id)}`}>{t('import.open')}</Anchor>
        </Alert>
      )}
    </Stack>
  );
}
