/**
 * Phone numbers as people type them ("0812-3456-7890", "+62 812 3456 7890", "62812…") →
 * the international digits a WhatsApp gateway expects ("6281234567890"). A leading 0 is a
 * domestic Indonesian number. Undefined when nothing usable is left (the channel is skipped).
 */
export function normalisePhone(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // already international
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    digits = `62${digits.slice(1)}`;
  }
  // E.164: at most 15 digits; anything shorter than 8 is not a mobile number
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined;
}
