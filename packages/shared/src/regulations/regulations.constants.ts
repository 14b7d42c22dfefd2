export const REGULATION_NAME_MAX = 128;
export const REGULATION_DESCRIPTION_MAX = 512;
export const OFFICER_ROLES = ['grant officer', 'policy officer'] as const;
export type OfficerRole = (typeof OFFICER_ROLES)[number];
