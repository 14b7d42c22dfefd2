export const BIOGRAPHY_MAX = 500;
export const NAME_MAX = 64;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
