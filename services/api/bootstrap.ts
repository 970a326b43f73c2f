import type { Config } from '../../libs/config';
import type { Database } from '../../libs/db/database';
import type { Logger } from '../../libs/logger';
import { countUsers, createUser } from '../../libs/db/user.repository';
import { createOrganisation, findOrganisationByIdOrName } from '../../libs/db/organisation.repository';
import { generatePassword, hashPassword } from '../../libs/security/password';

export const BOOTSTRAP_ORGANISATION_NAME = 'Organisasi Utama';

/** Any constant works; it only has to be the same in every process of the deployment. */
const BOOTSTRAP_LOCK_KEY = 7242002;

/**
 * On the very first start (no users at all) creates an organisation and an ADMIN who is also
 * the service administrator (users.is_service_admin), so a fresh install can be logged into
 * and managed. The password is ADMIN_PASSWORD or a generated one; a generated one is printed
 * exactly once, as a plain banner on stderr (never into the JSON log, where it would be kept
 * and hard to spot), and can be replaced later with `npm run cli -- user:reset-password`.
 *
 * Two API processes starting together take the same transaction-scoped advisory lock, so the
 * second one waits, then sees the first one's admin and does nothing.
 */
export async function ensureBootstrapAdmin(
  db: Database,
  config: Readonly<Config>,
  logger: Logger,
  /** where the banner with a generated password goes (default: stderr) */
  printBanner: (text: string) => void = (text) => { process.stderr.write(text); },
): Promise<void> {
  if ((await countUsers(db)) > 0) return; // the common case, without taking a lock

  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password); // outside the lock: scrypt takes a while

  const created = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK_KEY]);
    if ((await countUsers(tx)) > 0) return undefined;
    // an organisation of that name may exist already (made with the CLI before any user)
    const org = (await findOrganisationByIdOrName(tx, BOOTSTRAP_ORGANISATION_NAME))
      ?? (await createOrganisation(tx, { name: BOOTSTRAP_ORGANISATION_NAME }));
    const user = await createUser(tx, { username: config.adminUsername, passwordHash, role: 'ADMIN', organisationId: org.id, fullName: 'Administrator', serviceAdmin: true });
    return { org, user };
  });
  if (!created) return;

  logger.info({ organisationId: created.org.id, userId: created.user.id }, `organisasi awal "${created.org.name}" dan admin "${created.user.username}" dibuat`);
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
