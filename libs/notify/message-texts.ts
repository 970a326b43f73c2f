import type { WorkflowEventKind } from './notification.types';

/** The Indonesian texts of each workflow notification, for e-mail (full) and WhatsApp (short). */

export interface MessageInput {
  recipientName: string;
  title: string;
  link: string;
  note: string | null;
  actorName: string | null;
}

interface Wording {
  subject: (m: MessageInput) => string;
  /** one sentence saying what happened */
  headline: (m: MessageInput) => string;
  /** what the recipient is asked to do, or what follows */
  followUp: (m: MessageInput) => string;
}

const by = (m: MessageInput): string => (m.actorName ? ` oleh ${m.actorName}` : '');

const WORDING: Readonly<Record<WorkflowEventKind, Wording>> = Object.freeze({
  submitted: {
    subject: (m) => `Metadata menunggu pemeriksaan QC/QE: ${m.title}`,
    headline: (m) => `Rekaman metadata "${m.title}" telah diajukan untuk pemeriksaan QC/QE${by(m)}.`,
    followUp: () => 'Silakan periksa kelengkapan dan mutu rekaman tersebut.',
  },
  'passed-qc': {
    subject: (m) => `Metadata lolos QC/QE dan menunggu review: ${m.title}`,
    headline: (m) => `Rekaman metadata "${m.title}" telah lolos pemeriksaan QC/QE${by(m)}.`,
    followUp: () => 'Rekaman kini menunggu review dan keputusan publikasi oleh ADMIN organisasi.',
  },
  rejected: {
    subject: (m) => `Metadata dikembalikan untuk diperbaiki: ${m.title}`,
    headline: (m) => `Rekaman metadata "${m.title}" dikembalikan (ditolak)${by(m)}.`,
    followUp: (m) => `Catatan peninjau:\n${m.note ?? '(tanpa catatan)'}\n\nSilakan perbaiki rekaman lalu ajukan kembali.`,
  },
  published: {
    subject: (m) => `Metadata telah dipublikasikan: ${m.title}`,
    headline: (m) => `Rekaman metadata "${m.title}" telah dipublikasikan${by(m)}.`,
    followUp: () => 'Rekaman kini dapat ditemukan publik melalui layanan katalog (CSW).',
  },
});

const SUBJECT_PREFIX = '[geokatalog] ';

export function emailText(kind: WorkflowEventKind, m: MessageInput): { subject: string; text: string } {
  const w = WORDING[kind];
  return {
    subject: SUBJECT_PREFIX + w.subject(m),
    text: [
      `Yth. ${m.recipientName},`,
      '',
      w.headline(m),
      w.followUp(m),
      '',
      `Tautan rekaman: ${m.link}`,
      '',
      '—',
      'Pesan ini dikirim otomatis oleh geokatalog; mohon tidak membalas e-mail ini.',
    ].join('\n'),
  };
}

export function whatsAppText(kind: WorkflowEventKind, m: MessageInput): { subject: string; text: string } {
  const w = WORDING[kind];
  return {
    subject: w.subject(m),
    text: [`*geokatalog*`, w.headline(m), w.followUp(m), m.link].join('\n'),
  };
}
