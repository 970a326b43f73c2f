import type { Config } from '../../libs/config';
import type { Logger } from '../../libs/logger';
import type { UsersService } from '../../libs/catalogue/users.service';
import { generatePassword } from '../../libs/security/password';

export const BOOTSTRAP_ORGANISATION_NAME = 'Organisasi Utama';

/**
 * On the very first start (no users at all) creates an organisation and an ADMIN who is also
 * the service administrator (users.is_service_admin), so a fresh install can be logged into
 * and managed (the rule: UsersService.ensureFirstAdmin). The password is ADMIN_PASSWORD or a
 * generated one; a generated one is printed exactly once, as a plain banner on stderr (never
 * into the JSON log, where it would be kept and hard to spot), and can be replaced later with
 * `npm run cli -- user:reset-password`. Two API processes starting together are safe: the
 * store creates the first admin under a lock every process takes.
 */
export async function ensureBootstrapAdmin(
  users: Pick<UsersService, 'ensureFirstAdmin'>,
  config: Readonly<Config>,
  logger: Logger,
  /** where the banner with a generated password goes (default: stderr) */
  printBanner: (text: string) => void = (text) => { process.stderr.write(text); },
): Promise<void> {
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? generatePassword();
  const created = await users.ensureFirstAdmin(BOOTSTRAP_ORGANISATION_NAME, { username: config.adminUsername, password });
  if (!created) return;

  logger.info({ organisationId: created.organisation.id, userId: created.user.id }, `organisasi awal "${created.organisation.name}" dan admin "${created.user.username}" dibuat`);
  if (!generated) {
    logger.warn(`Admin awal "${created.user.username}" dibuat dengan kata sandi dari ADMIN_PASSWORD.`);
    return;
  }
  printBanner(adminBanner(created.user.username, password));
  logger.warn({ username: created.user.username }, 'kata sandi Admin awal dibuat dan dicetak sekali ke stderr');
}

/** A plain block that stands out between JSON log lines. */
export function adminBanner(username: string, password: string): string {
  const rule = '='.repeat(72);
  return [
    '', rule,
    '  ADMIN AWAL DIBUAT',
    `  nama pengguna: ${username}`,
    `  kata sandi: ${password}`,
    '  Ditampilkan sekali ini saja: simpan sekarang, lalu ganti lewat',
    '  `npm run cli -- user:reset-password`.',
    rule, '', '',
  ].join('\n');
}
