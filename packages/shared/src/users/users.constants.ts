export const BIOGRAPHY_MAX = 500;
export const NAME_MAX = 64;
export const EMAIL_MAX = 254;
/**
 * What the web's forms take for an e-mail address before sending it: something, an @, something,
 * a dot, something. The server's check (users.schema.ts) is the one that decides.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
