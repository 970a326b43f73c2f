/**
 * Texts of issue 20 §5's copies and templates and of the users screen's password dialog, in their
 * own table so they merge apart from the other catalogues; translate.ts joins them. Indonesian
 * first; the English table must have every key (the type checks it).
 */
export const COPY_MESSAGES_ID = {
  'newRecord.choose': 'Mulai dari',
  'newRecord.blank': 'Rekaman kosong',
  'newRecord.fromTemplate': 'Dari templat organisasi',
  'newRecord.noTemplates': 'Organisasi Anda belum memiliki templat. ADMIN dapat menandai rekaman sebagai templat dari halaman rekaman.',
  'newRecord.template': 'Templat',
  'newRecord.useTemplate': 'Buat dari templat ini',
  'copy.button': 'Buat salinan',
  'copy.title': 'Buat salinan rekaman',
  'copy.body': 'Rekaman baru (draf di organisasi Anda, dengan pengenal baru) dibuat dengan isi rekaman ini, termasuk dokumen ISO-nya. Judulnya diawali "Salinan:".',
  'copy.confirm': 'Buat salinan',
  'copy.cancel': 'Batal',
  'copy.done': 'Salinan dibuat. Anda sekarang menyunting salinannya.',
  'template.badge': 'Templat organisasi',
  'template.mark': 'Jadikan templat',
  'template.unmark': 'Hapus dari templat',
  'template.marked': 'Rekaman ini sekarang templat organisasi: produsen dapat memulai rekaman baru darinya.',
  'template.unmarked': 'Rekaman ini bukan templat lagi.',
  'users.resetTitle': 'Setel ulang kata sandi {username}',
  'users.resetHint': 'Kata sandi baru minimal 8 karakter. Sampaikan kepada pengguna lewat jalur yang aman.',
  'users.repeatPassword': 'Ulangi kata sandi baru',
  'users.passwordMismatch': 'Kedua kata sandi tidak sama.',
  'users.resetSave': 'Setel kata sandi',
  'users.cancel': 'Batal',
  'users.passwordReset': 'Kata sandi {username} disetel ulang.',
} as const;

export type CopyMessageKey = keyof typeof COPY_MESSAGES_ID;

export const COPY_MESSAGES_EN: Record<CopyMessageKey, string> = {
  'newRecord.choose': 'Start from',
  'newRecord.blank': 'Blank record',
  'newRecord.fromTemplate': 'From an organisation template',
  'newRecord.noTemplates': 'Your organisation has no templates yet. An ADMIN can mark a record as a template on its page.',
  'newRecord.template': 'Template',
  'newRecord.useTemplate': 'Create from this template',
  'copy.button': 'Make a copy',
  'copy.title': 'Copy this record',
  'copy.body': 'A new record (a draft in your organisation, with a new identifier) is made with the content of this one, its ISO document included. Its title starts with "Salinan:" (copy).',
  'copy.confirm': 'Make a copy',
  'copy.cancel': 'Cancel',
  'copy.done': 'Copy made. You are now editing the copy.',
  'template.badge': 'Organisation template',
  'template.mark': 'Make template',
  'template.unmark': 'Remove from templates',
  'template.marked': 'This record is now an organisation template: producers can start new records from it.',
  'template.unmarked': 'This record is no longer a template.',
  'users.resetTitle': 'Reset the password of {username}',
  'users.resetHint': 'The new password needs at least 8 characters. Give it to the user through a safe channel.',
  'users.repeatPassword': 'Repeat the new password',
  'users.passwordMismatch': 'The two passwords differ.',
  'users.resetSave': 'Set password',
  'users.cancel': 'Cancel',
  'users.passwordReset': 'Password of {username} reset.',
};
