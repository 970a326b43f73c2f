import { planNotifications, workflowEventKind, normalisePhone, type NotificationContext, type Recipient, type StatusChangeEvent } from '../../libs/notify';

const user = (id: string, extra: Partial<Recipient> = {}): Recipient => ({
  id, username: id, fullName: null, email: `${id}@contoh.go.id`, phone: null, active: true, ...extra,
});

const owner = user('produsen', { fullName: 'Budi Santoso', phone: '0812-3456-7890' });
const qc1 = user('qc1', { phone: '+62 813 1111 2222' });
const qc2 = user('qc2', { email: null, phone: '081399998888' });
const qcInactive = user('qc3', { active: false });
const reviewer = user('reviewer-lain', { fullName: 'Rina (QCQE lintas org)' });
const admin1 = user('admin1');
const admin2 = user('admin2', { email: '  ', phone: 'bukan nomor' });

function ctx(over: Partial<NotificationContext> = {}): NotificationContext {
  return {
    baseUrl: 'https://katalog.contoh.go.id',
    record: { id: 'rec/1', title: 'Peta Tutupan Lahan Jawa Barat 2023', organisationId: 'org-a', ownerId: owner.id, reviewerId: null },
    owner,
    reviewer: undefined,
    orgQcqe: [qc1, qc2, qcInactive],
    orgAdmins: [admin1, admin2],
    note: null,
    actorName: 'Budi Santoso',
    ...over,
  };
}

const ev = (from: StatusChangeEvent['from'], to: StatusChangeEvent['to'], actorId: string | null = 'someone-else'): StatusChangeEvent =>
  ({ recordId: 'rec/1', from, to, version: 4, actorId });

const who = (ns: { userId: string; channel: string }[]) => ns.map((n) => `${n.userId}:${n.channel}`).sort();

describe('workflow events that notify', () => {
  it.each([
    ['DRAFT', 'QCQE_PROCESS', 'submitted'],
    ['QCQE_PROCESS', 'REVIEW', 'passed-qc'],
    ['QCQE_PROCESS', 'REJECTED', 'rejected'],
    ['REVIEW', 'REJECTED', 'rejected'],
    ['REVIEW', 'PUBLISHED', 'published'],
    ['PRIVATE', 'PUBLISHED', 'published'],
    ['REJECTED', 'DRAFT', undefined],
    ['PUBLISHED', 'PRIVATE', undefined],
    [null, 'DRAFT', undefined],
  ] as const)('%s → %s is %s', (from, to, kind) => {
    expect(workflowEventKind(from, to)).toBe(kind);
  });
});

describe('planNotifications', () => {
  it('tells every active QCQE of the organisation about a submission without an assigned reviewer, on each channel they have', () => {
    const ns = planNotifications(ev('DRAFT', 'QCQE_PROCESS', owner.id), ctx());
    expect(who(ns)).toEqual(['qc1:email', 'qc1:whatsapp', 'qc2:whatsapp']);
    const wa = ns.find((n) => n.userId === 'qc1' && n.channel === 'whatsapp')!;
    expect(wa.to).toBe('6281311112222');
    const mail = ns.find((n) => n.channel === 'email')!;
    expect(mail.subject).toBe('[geokatalog] Metadata menunggu pemeriksaan QC/QE: Peta Tutupan Lahan Jawa Barat 2023');
    expect(mail.text).toContain('Yth. qc1,');
    expect(mail.text).toContain('telah diajukan untuk pemeriksaan QC/QE oleh Budi Santoso.');
    expect(mail.text).toContain('https://katalog.contoh.go.id/api/metadata/rec%2F1');
  });

  it('tells only the assigned reviewer (also from another organisation) when one is assigned', () => {
    const c = ctx({ record: { ...ctx().record, reviewerId: reviewer.id }, reviewer });
    const ns = planNotifications(ev('DRAFT', 'QCQE_PROCESS', owner.id), c);
    expect(who(ns)).toEqual(['reviewer-lain:email']);
    expect(ns[0]!.text).toContain('Yth. Rina (QCQE lintas org),');
  });

  it('tells nobody when the assigned reviewer cannot be found or is inactive', () => {
    const c = ctx({ record: { ...ctx().record, reviewerId: 'gone' }, reviewer: undefined });
    expect(planNotifications(ev('DRAFT', 'QCQE_PROCESS'), c)).toEqual([]);
    const c2 = ctx({ record: { ...ctx().record, reviewerId: reviewer.id }, reviewer: { ...reviewer, active: false } });
    expect(planNotifications(ev('DRAFT', 'QCQE_PROCESS'), c2)).toEqual([]);
  });

  it("tells the organisation's ADMINs when a record passes QC, skipping blank e-mails and unusable numbers", () => {
    const ns = planNotifications(ev('QCQE_PROCESS', 'REVIEW', qc1.id), ctx({ actorName: 'qc1' }));
    expect(who(ns)).toEqual(['admin1:email']);
    expect(ns[0]!.subject).toContain('lolos QC/QE');
    expect(ns[0]!.text).toContain('menunggu review dan keputusan publikasi oleh ADMIN');
  });

  it('tells the owner about a rejection, with the note, by e-mail and WhatsApp', () => {
    const note = 'Abstrak belum menjelaskan sumber data.\nMohon lengkapi kontak.';
    const ns = planNotifications(ev('REVIEW', 'REJECTED', qc1.id), ctx({ note, actorName: 'qc1' }));
    expect(who(ns)).toEqual(['produsen:email', 'produsen:whatsapp']);
    for (const n of ns) expect(n.text).toContain(note);
    expect(ns.find((n) => n.channel === 'whatsapp')!.to).toBe('6281234567890');
    expect(ns.find((n) => n.channel === 'email')!.text).toContain('Yth. Budi Santoso,');
  });

  it('tells the owner about publication', () => {
    const ns = planNotifications(ev('REVIEW', 'PUBLISHED', admin1.id), ctx({ actorName: 'admin1' }));
    expect(who(ns)).toEqual(['produsen:email', 'produsen:whatsapp']);
    expect(ns[0]!.subject).toBe('[geokatalog] Metadata telah dipublikasikan: Peta Tutupan Lahan Jawa Barat 2023');
    expect(ns[0]!.text).toContain('layanan katalog (CSW)');
  });

  it('does not tell the person who made the change', () => {
    expect(planNotifications(ev('REVIEW', 'PUBLISHED', owner.id), ctx())).toEqual([]);
    expect(who(planNotifications(ev('QCQE_PROCESS', 'REVIEW', admin1.id), ctx()))).toEqual([]);
  });

  it('tells each user once even when listed twice, and nobody for transitions without a notice', () => {
    const ns = planNotifications(ev('DRAFT', 'QCQE_PROCESS'), ctx({ orgQcqe: [qc1, qc1] }));
    expect(who(ns)).toEqual(['qc1:email', 'qc1:whatsapp']);
    expect(planNotifications(ev('REJECTED', 'DRAFT'), ctx())).toEqual([]);
    expect(planNotifications(ev('PUBLISHED', 'PRIVATE'), ctx())).toEqual([]);
  });

  it('gives every message a stable key that is a valid BullMQ job id', () => {
    const a = planNotifications(ev('DRAFT', 'QCQE_PROCESS'), ctx({ record: { ...ctx().record, id: 'urn:x:1' } }));
    const b = planNotifications(ev('DRAFT', 'QCQE_PROCESS'), ctx({ record: { ...ctx().record, id: 'urn:x:1' } }));
    expect(a.map((n) => n.key)).toEqual(b.map((n) => n.key));
    expect(new Set(a.map((n) => n.key)).size).toBe(a.length);
    for (const n of a) expect(n.key).not.toContain(':');
  });

  it('shortens a very long title and names untitled records', () => {
    const long = planNotifications(ev('REVIEW', 'PUBLISHED'), ctx({ record: { ...ctx().record, title: 'Peta '.repeat(100) } }));
    expect(long[0]!.subject.length).toBeLessThan(220);
    expect(long[0]!.subject.endsWith('…')).toBe(true);
    const none = planNotifications(ev('REVIEW', 'PUBLISHED'), ctx({ record: { ...ctx().record, title: '  ' } }));
    expect(none[0]!.subject).toContain('(tanpa judul)');
  });
});

describe('normalisePhone', () => {
  it.each([
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['(021) 875.2062', '62218752062'],
    ['0062 812 3456 7890', '6281234567890'],
    ['+44 20 7946 0958', '442079460958'],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });

  it.each([null, undefined, '', 'bukan nomor', '123', '+', '08123456789012345678'])('rejects %j', (raw) => {
    expect(normalisePhone(raw)).toBeUndefined();
  });
});
