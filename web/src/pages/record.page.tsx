import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Center, FileButton, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { api } from '../api/client-instance';
import { ApiError } from '../api/api-client';
import { docOf, topLevelMergePatch, type RecordView } from '../api/records.api';
import { RecordForm, type RecordFormHandle } from '../form/record-form';
import { useFormModel } from '../form/use-form-model';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from './status-badge';
import { TransitionsPanel } from './transitions-panel';
import { ConflictDialog } from './conflict-dialog';
import { ChangesTab, ExportTab, HistoryTab } from './record-tabs';
import { XmlViewTab } from './xml-view-tab';
import { CorrectionReasonDialog, RevisionNotice } from './revision-panel';
import { ConfirmDialog } from './confirm-dialog';
import { CopyActions } from './copy-actions';
import { publicPageUrl } from './public-page-url';
import { useSession } from '../auth/session';
import { FieldComments, ReviewPanel } from '../comments/review-panel';
import { useRecordComments } from '../comments/use-record-comments';
import type { RecordComment } from '../api/review.api';

const TABS = ['content', 'xml', 'changes', 'history', 'export'] as const;

/** One record: its form (editable when the server says so), status actions, and tabs in the URL. */
export function RecordPage() {
  const { t } = useI18n();
  const { id = '', '*': rest = '' } = useParams();
  const tab = (TABS as readonly string[]).includes(rest) ? rest : 'content';
  const navigate = useNavigate();
  const location = useLocation();
  const model = useFormModel();
  const form = useRef<RecordFormHandle>(null);
  const [rec, setRec] = useState<RecordView | null>(null);
  const [etag, setEtag] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  // a refused thumbnail upload (not an image, too large) is said next to its button; the page stays
  const [thumbError, setThumbError] = useState<string | null>(null);
  const [flash, setFlash] = useState<string | null>((location.state as { flash?: string } | null)?.flash ?? null);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<{ latest: RecordView; etag: string | undefined } | null>(null);
  const [formKey, setFormKey] = useState(0);
  /** an ADMIN's direct correction of a published record: the form is editable, saving asks the reason */
  const [correcting, setCorrecting] = useState(false);
  const [pendingCorrection, setPendingCorrection] = useState<Record<string, unknown> | null>(null);

  // moving to another record (a new revision, a published one) brings its message along
  useEffect(() => {
    const f = (location.state as { flash?: string } | null)?.flash;
    if (f) setFlash(f);
  }, [location.state]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { me } = useSession();
  const review = useRecordComments(rec?.id, rec?.version);
  // a written or resolved comment replaces its old self, in the order they were written
  const { setItems: setComments } = review;
  const onComment = useCallback((c: RecordComment) => {
    setComments((cur) => [...cur.filter((x) => x.id !== c.id), c].sort((a, b) => Number(a.id) - Number(b.id)));
  }, [setComments]);

  const load = useCallback(async () => {
    const r = await api.get(id);
    setRec(r.body);
    setEtag(r.etag);
    return r;
  }, [id]);

  useEffect(() => {
    setRec(null);
    setCorrecting(false);
    load().catch((e: unknown) => setError(e instanceof ApiError && e.status === 404 ? t('record.notFound') : String(e)));
  }, [load]); // eslint-disable-line react-hooks/exhaustive-deps

  const onDirty = useCallback((d: boolean) => setDirty(d), []);

  if (error) return <Alert color="red" role="alert">{error}</Alert>;
  if (!rec || !model) return <Center p="xl"><Loader aria-label={t('record.loading')} /></Center>;

  async function save(doc: Record<string, unknown>) {
    if (!rec) return;
    setFlash(null);
    setError(null);
    if (correcting) { setPendingCorrection(topLevelMergePatch(docOf(rec), doc)); return; }
    try {
      const r = await api.save(rec.id, topLevelMergePatch(docOf(rec), doc), etag ?? '');
      setRec(r.body);
      setEtag(r.etag);
      form.current?.reset(docOf(r.body));
      setFlash(t('record.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.status === 412) {
        const latest = await api.get(rec.id);
        setConflict({ latest: latest.body, etag: latest.etag });
      } else if (e instanceof ApiError && e.status === 422) {
        const left = form.current?.showServerErrors(e.errors) ?? [];
        setFlash(null);
        if (left.length) setError(left.map((x) => `${x.path}: ${x.message}`).join('; '));
      } else throw e;
    }
  }

  async function sendCorrection(reason: string) {
    if (!rec || !pendingCorrection) return;
    const r = await api.correct(rec.id, pendingCorrection, reason, etag);
    setRec(r.body);
    setEtag(r.etag);
    setPendingCorrection(null);
    setCorrecting(false);
    setFormKey((k) => k + 1);
    setFlash(t('correction.done'));
  }

  const editable = rec.permissions.edit || correcting;
  const publicUrl = publicPageUrl(rec);
  return (
    <Stack>
      <Group justify="space-between" align="start">
        <div>
          <Title order={2} data-testid="record-title">{rec.title || rec.id}</Title>
          <Group gap="xs" mt={4}>
            <StatusBadge status={rec.status} />
            {/* the public identifier (CSW, OARec, OAI-PMH name the record by it); the key only when they are the same */}
            <Text size="sm">{t('record.version', { v: rec.version })} · {typeof rec.fileIdentifier === 'string' ? rec.fileIdentifier : rec.id}</Text>
            {rec.status === 'PUBLISHED' && <Anchor size="sm" href={publicUrl}>{t('record.publicPage')}</Anchor>}
          </Group>
        </div>
        <Group>
          <TransitionsPanel record={rec} etag={etag} dirty={dirty} onChanged={(r, e) => {
            // a published revision answers with the record it revised: that page shows it now
            if (r.id !== rec.id) { navigate(`/records/${encodeURIComponent(r.id)}`, { state: { flash: t('revision.published') } }); return; }
            setRec(r); setEtag(e); setFlash(t('transition.done', { status: t(`status.${r.status}`) }));
          }} />
          <CopyActions record={rec} onMessage={setFlash} />
          {rec.permissions.delete && (
            <Button color="#b02525" data-testid="delete" onClick={() => setConfirmDelete(true)}>{t('record.delete')}</Button>
          )}
        </Group>
      </Group>
      {flash && <Alert color="green" role="status" data-testid="flash">{flash}</Alert>}
      <RevisionNotice record={rec} etag={etag} correcting={correcting} onCorrect={() => { setCorrecting(true); setFormKey((k) => k + 1); navigate(`/records/${encodeURIComponent(rec.id)}`); }}
        onStarted={(rev) => navigate(`/records/${encodeURIComponent(rev.id)}`, { state: { flash: t('revision.started') } })} />
      {!editable && <Text size="sm">{t('record.readOnly')}</Text>}
      {correcting && (
        <Group>
          <Text size="sm" data-testid="correction-mode">{t('correction.hint')}</Text>
          <Button variant="default" size="xs" onClick={() => { setCorrecting(false); setFormKey((k) => k + 1); }}>{t('correction.cancel')}</Button>
        </Group>
      )}
      {me && <ReviewPanel rec={rec} me={me} sections={model.sections} comments={review.items} onChange={onComment} />}
      <Tabs value={tab} onChange={(v) => navigate(`/records/${encodeURIComponent(rec.id)}${v && v !== 'content' ? `/${v}` : ''}`)}>
        <Tabs.List>
          <Tabs.Tab value="content">{t('record.tabForm')}</Tabs.Tab>
          <Tabs.Tab value="xml" data-testid="tab-xml">{t('record.tabXml')}</Tabs.Tab>
          <Tabs.Tab value="changes" data-testid="tab-changes">{t('record.tabChanges')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('record.tabHistory')}</Tabs.Tab>
          <Tabs.Tab value="export">{t('record.tabExport')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="content" pt="md">
          <RecordForm key={formKey} handle={form} sections={model.sections} refLists={model.refLists} initialDoc={docOf(rec)}
            readOnly={!editable} submitLabel={correcting ? t('correction.save') : t('record.save')} onSubmit={save} onDirtyChange={onDirty} status={rec.status}
            fieldExtra={(name) => me && <FieldComments name={name} rec={rec} me={me} comments={review.items} onChange={onComment} />}
            thumbnailExtra={rec.permissions.edit && (<>
              <FileButton accept="image/png,image/jpeg,image/webp" onChange={async (file) => {
                if (!file) return;
                setThumbError(null);
                try {
                  const r = await api.uploadThumbnail(rec.id, file, file.type, etag);
                  setRec(r.body); setEtag(r.etag); setFormKey((k) => k + 1); setFlash(t('thumbnail.done'));
                } catch (e) {
                  setThumbError(e instanceof ApiError ? e.message : String(e));
                }
              }}>
                {(props) => <Button {...props} mt="sm" variant="light">{t('thumbnail.upload')}</Button>}
              </FileButton>
              {thumbError && <Alert color="red" role="alert" mt="xs">{thumbError}</Alert>}
            </>)} />
        </Tabs.Panel>
        <Tabs.Panel value="xml" pt="md">{tab === 'xml' && (
          <XmlViewTab rec={rec} etag={etag} onSaved={(r, e) => { setRec(r); setEtag(e); setFormKey((k) => k + 1); }} />
        )}</Tabs.Panel>
        <Tabs.Panel value="changes" pt="md">{tab === 'changes' && <ChangesTab id={rec.id} version={rec.version} />}</Tabs.Panel>
        <Tabs.Panel value="history" pt="md">{tab === 'history' && <HistoryTab id={rec.id} version={rec.version} />}</Tabs.Panel>
        <Tabs.Panel value="export" pt="md">{tab === 'export' && <ExportTab id={rec.id} />}</Tabs.Panel>
      </Tabs>
      <Text size="sm"><Anchor component={Link} to="/records">← {t('nav.records')}</Anchor></Text>
      <CorrectionReasonDialog opened={pendingCorrection !== null} onCancel={() => setPendingCorrection(null)} onConfirm={sendCorrection} />
      {confirmDelete && (
        <ConfirmDialog title={t('record.delete')} body={t('record.deleteConfirm')} confirmLabel={t('record.deleteYes')} cancelLabel={t('record.deleteCancel')}
          danger testId="delete-dialog" onClose={() => setConfirmDelete(false)}
          onConfirm={async () => { await api.remove(rec.id, etag); navigate('/records'); }} />
      )}
      {conflict && (
        <ConflictDialog base={docOf(rec)} latest={conflict.latest}
          onClose={() => setConflict(null)}
          onReloadKeep={() => {
            // newest version underneath, the user's input on top: saving again writes their text
            const mine = topLevelMergePatch(docOf(rec), form.current?.currentDoc() ?? {});
            const merged: Record<string, unknown> = docOf(conflict.latest);
            for (const [k, v] of Object.entries(mine)) {
              if (v === null) delete merged[k]; else merged[k] = v;
            }
            setRec(conflict.latest); setEtag(conflict.etag); setConflict(null);
            form.current?.reset(merged);
          }}
          onReloadDiscard={() => {
            setRec(conflict.latest); setEtag(conflict.etag); setConflict(null); setFormKey((k) => k + 1);
          }} />
      )}
    </Stack>
  );
}
