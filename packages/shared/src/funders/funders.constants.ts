export const FUNDER_NAME_MAX = 128;
export const URL_MAX = 2048;
