export const GRANT_NAME_MAX = 128;
export const GRANT_REFERENCE_MAX = 128;
