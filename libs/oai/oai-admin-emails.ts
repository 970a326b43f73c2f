/** the OAI-PMH schema's emailType */
const EMAIL = /^\S+@(\S+\.)+\S+$/;

/**
 * The administrator addresses Identify must name: the CSW identity's e-mail (what an ADMIN set
 * at /api/admin/csw/settings, else CSW_EMAIL), else the MAIL_FROM address, else a placeholder
 * on the public host (the protocol requires one; set CSW_EMAIL).
 */
export function adminEmailsOf(identityEmail: string, mailFrom: string, baseUrl: string): string[] {
  const fromMail = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const found = [identityEmail.trim(), fromMail.trim()].filter((m) => EMAIL.test(m));
  if (found.length) return [found[0]!];
  const host = new URL(baseUrl).hostname;
  return [`admin@${host.includes('.') ? host : `${host}.localdomain`}`];
}
