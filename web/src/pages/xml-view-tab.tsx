import { useEffect, useState } from 'react';
import { Alert, Button, Code, Group, List, Loader, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { apiClient } from '../api/client-instance';
import { ApiError } from '../api/api-client';
import type { RecordView } from '../api/records.api';
import { xmlViewApi, type DocumentIssue, type DocumentVersion, type XmlCheck, type XsdReport } from '../api/xml-view.api';
import { useI18n } from '../i18n/i18n';

const xmlApi = xmlViewApi(apiClient);

/** A unified diff, its added and removed lines marked (text, not colour alone, carries the meaning). */
export function DiffView({ diff, testId }: { diff: string; testId: string }) {
  return (
    <Code block data-testid={testId} style={{ maxHeight: '24rem', overflow: 'auto', whiteSpace: 'pre' }}>
      {diff.split('\n').map((line, i) => (
        <span key={i} style={{ display: 'block', background: line.startsWith('+') && !line.startsWith('+++') ? '#e6ffec' : line.startsWith('-') && !line.startsWith('---') ? '#ffebe9' : undefined }}>
          {line || ' '}
        </span>
      ))}
    </Code>
  );
}

/** Our checks and the XSD's findings, as a list. */
function Findings({ validation, xsd }: { validation: DocumentIssue[]; xsd: XsdReport | null }) {
  const { t } = useI18n();
  return (
    <Stack gap={4} data-testid="xml-findings">
      <Text fw={600} size="sm">{t('xml.ourChecks')}</Text>
      {validation.length === 0 ? <Text size="sm">{t('xml.noIssues')}</Text> : (
        <List size="sm">{validation.map((i, k) => <List.Item key={k}>{i.level === 'error' ? '⛔' : '⚠'} {i.path ? `${i.path}: ` : ''}{i.message}</List.Item>)}</List>
      )}
      <Text fw={600} size="sm">{xsd ? t('xml.xsdChecks', { xsd: xsd.xsd }) : 'XSD'}</Text>
      {!xsd ? <Text size="sm">{t('xml.xsdPending')}</Text> : xsd.valid ? <Text size="sm">{t('xml.xsdValid', { xsd: xsd.xsd })}</Text> : (
        <List size="sm" data-testid="xsd-findings">
          {xsd.findings.map((f, k) => <List.Item key={k}>{f.line !== null ? `${t('xml.line', { line: f.line })}: ` : ''}{f.message}</List.Item>)}
        </List>
      )}
    </Stack>
  );
}

/**
 * The XML view (issue 19 point 4): the record's current document, editable when the record is;
 * "Periksa" shows the findings, the line diff and the field changes; "Simpan" stores a new
 * document version when it passes (the server refuses it otherwise, with the same findings).
 */
export function XmlViewTab({ rec, etag, onSaved }: { rec: RecordView; etag: string | undefined; onSaved: (r: RecordView, etag: string | undefined) => void }) {
  const { t } = useI18n();
  const [current, setCurrent] = useState<DocumentVersion | null | undefined>(undefined);
  const [stored, setStored] = useState('');
  const [text, setText] = useState('');
  const [check, setCheck] = useState<XmlCheck | null>(null);
  const [refusal, setRefusal] = useState<{ detail: string; validation?: DocumentIssue[]; xsd?: XsdReport } | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    xmlApi.documents(rec.id).then(async (r) => {
      const doc = r.body[0];
      if (!doc || doc.schema === null) { if (live) setCurrent(null); return; }
      const xml = (await xmlApi.documentXml(rec.id, doc.seq)).body;
      if (live) { setCurrent(doc); setStored(xml); setText(xml); }
    }, () => { if (live) setCurrent(null); });
    return () => { live = false; };
  }, [rec.id, rec.version]);

  if (current === undefined) return <Loader aria-label={t('record.loading')} />;
  if (current === null) return <Text>{t('xml.none')}</Text>;
  const editable = rec.permissions.edit;

  const fail = (err: unknown) => {
    if (err instanceof ApiError) {
      const p = err.body as { validation?: DocumentIssue[]; xsd?: XsdReport };
      setRefusal({ detail: err.message, ...(p.validation ? { validation: p.validation } : {}), ...(p.xsd ? { xsd: p.xsd } : {}) });
    } else setRefusal({ detail: String(err) });
  };

  async function runCheck() {
    setBusy(true); setRefusal(null); setSaved(false);
    try { setCheck((await xmlApi.check(rec.id, text)).body); } catch (err) { setCheck(null); fail(err); } finally { setBusy(false); }
  }

  async function save() {
    setBusy(true); setRefusal(null);
    try {
      const r = await xmlApi.save(rec.id, text, etag);
      setCheck(null); setSaved(true);
      onSaved(r.body, r.etag);
    } catch (err) { fail(err); } finally { setBusy(false); }
  }

  return (
    <Stack>
      <Text size="sm">{t('xml.hint')}</Text>
      <Title order={3} size="h5">{t('xml.stored', { seq: current.seq })}</Title>
      <Findings validation={current.validation} xsd={current.xsd} />
      {saved && <Alert color="green" role="status" data-testid="xml-saved">{t('xml.saved')}</Alert>}
      <Textarea label={t('xml.label')} value={text} onChange={(e) => { setText(e.currentTarget.value); setCheck(null); setSaved(false); }}
        readOnly={!editable} autosize minRows={12} maxRows={30} spellCheck={false} data-testid="xml-editor"
        styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} />
      {editable && (
        <Group>
          <Button variant="default" onClick={runCheck} loading={busy} data-testid="xml-check">{t('xml.check')}</Button>
          <Button onClick={save} loading={busy} disabled={text === stored} data-testid="xml-save">{t('xml.save')}</Button>
        </Group>
      )}
      {refusal && (
        <Alert color="red" role="alert" data-testid="xml-refused">
          <Text size="sm" mb="xs">{refusal.detail}</Text>
          {(refusal.validation || refusal.xsd) && <Findings validation={refusal.validation ?? []} xsd={refusal.xsd ?? null} />}
        </Alert>
      )}
      {check && (
        <Stack data-testid="xml-check-result">
          <Alert color={check.passed ? 'green' : 'red'} role="status">{check.passed ? t('xml.passed') : t('xml.failed')}</Alert>
          <Findings validation={check.validation} xsd={check.xsd} />
          <Title order={3} size="h5">{t('xml.diff')}</Title>
          {check.diff ? <DiffView diff={check.diff} testId="xml-diff" /> : <Text size="sm">{t('xml.unchanged')}</Text>}
          {check.changes.length > 0 && (
            <>
              <Title order={3} size="h5">{t('xml.fieldChanges')}</Title>
              <List size="sm" data-testid="xml-field-changes">
                {check.changes.map((c, k) => <List.Item key={k}>{c.path}</List.Item>)}
              </List>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The review's "Tampilkan perubahan XML" (issue 19 point 5): the line diff of the current document
 * against the one stored at the compared version (the latest publication), else its predecessor.
 */
export function XmlChangesToggle({ id, sinceVersion }: { id: string; sinceVersion: number | null }) {
  const { t } = useI18n();
  const [on, setOn] = useState(false);
  const [diff, setDiff] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!on) return;
    let live = true;
    (async () => {
      const versions = (await xmlApi.documents(id)).body.filter((v) => v.schema !== null);
      const latest = versions[0];
      const base = sinceVersion !== null ? versions.find((v) => v.recordVersion <= sinceVersion && v !== latest) : versions[1];
      if (!latest || !base) return null;
      return (await xmlApi.diff(id, latest.seq, base.seq)).body.diff;
    })().then((d) => { if (live) setDiff(d); }, () => { if (live) setDiff(null); });
    return () => { live = false; };
  }, [on, id, sinceVersion]);
  return (
    <Stack gap="xs" mt="md">
      <Switch checked={on} onChange={(e) => setOn(e.currentTarget.checked)} label={t('xml.showXmlChanges')} data-testid="toggle-xml-changes" />
      {on && (diff === undefined ? <Loader size="sm" aria-label={t('record.loading')} />
        : diff === null ? <Text size="sm">{t('xml.noXmlToCompare')}</Text>
          : diff === '' ? <Text size="sm">{t('xml.noXmlChanges')}</Text>
            : <DiffView diff={diff} testId="review-xml-diff" />)}
    </Stack>
  );
}
